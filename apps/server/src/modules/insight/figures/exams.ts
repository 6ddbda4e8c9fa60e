import { sql } from 'drizzle-orm';
import { type FigureDefinition, num, selectRows } from './figure';

/** Scored skills per session in the period: candidates scored, passed, and the pass rate. */
export const examPassRates: FigureDefinition = {
  id: 'exam_pass_rates',
  title: 'Exam pass rates by session and skill',
  description:
    'Skills scored at sessions held in the period: candidates scored, how many passed, and the share.',
  columns: [
    { key: 'session', label: 'Session', kind: 'text' },
    { key: 'skill', label: 'Skill', kind: 'text' },
    { key: 'scored', label: 'Scored', kind: 'count' },
    { key: 'passed', label: 'Passed', kind: 'count' },
    { key: 'pass_rate', label: 'Pass rate', kind: 'percent' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<Record<string, string | null>>(
      db,
      sql`select s.id, concat_ws(' ', s.number, to_char(s.session_date, 'YYYY-MM-DD')) as session, k.name as skill,
                 count(*) as scored, count(*) filter (where r.passed) as passed
          from ex_sessions s
          join ex_results r on r.session_id = s.id
          left join ex_skills k on k.id = r.skill_id
          where s.enterprise_id = ${enterpriseId} and s.deleted_at is null
            and s.session_date >= ${p.from}::date and s.session_date <= ${p.to}::date
          group by s.id, s.number, s.session_date, k.name
          order by s.session_date, s.number, k.name`,
    );
    return rows.map((r) => {
      const scored = num(r.scored) ?? 0;
      const passed = num(r.passed) ?? 0;
      const skill = r.skill ?? 'Unknown skill';
      return {
        label: `${r.session} ${skill}`,
        cells: {
          session: r.session ?? '',
          skill,
          scored,
          passed,
          pass_rate: scored ? num((100 * passed) / scored, 1) : null,
        },
        link: `/staff/exams/sessions/${r.id}`,
      };
    });
  },
};

/** CE audits due in the period: members and where each stands. */
export const ceAuditResults: FigureDefinition = {
  id: 'ce_audits',
  title: 'CE audit results',
  description: 'Continuing education audits due in the period: licensees audited and where each stands.',
  columns: [
    { key: 'audit', label: 'Audit', kind: 'text' },
    { key: 'audited', label: 'Audited', kind: 'count' },
    { key: 'requested', label: 'No proof yet', kind: 'count' },
    { key: 'submitted', label: 'Proof to check', kind: 'count' },
    { key: 'accepted', label: 'Accepted', kind: 'count' },
    { key: 'deficient', label: 'Deficient', kind: 'count' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<Record<string, string | null>>(
      db,
      sql`select a.id, a.label, count(m.id) as audited,
                 count(m.id) filter (where m.status = 'requested') as requested,
                 count(m.id) filter (where m.status = 'submitted') as submitted,
                 count(m.id) filter (where m.status = 'accepted') as accepted,
                 count(m.id) filter (where m.status = 'deficient') as deficient
          from ce_audits a left join ce_audit_members m on m.ce_audit_id = a.id
          where a.enterprise_id = ${enterpriseId}
            and a.due_date >= ${p.from}::date and a.due_date <= ${p.to}::date
          group by a.id, a.label, a.due_date order by a.due_date, a.label`,
    );
    return rows.map((r) => {
      const audit = r.label ?? '';
      return {
        label: audit,
        cells: {
          audit,
          audited: num(r.audited),
          requested: num(r.requested),
          submitted: num(r.submitted),
          accepted: num(r.accepted),
          deficient: num(r.deficient),
        },
        link: `/staff/education/audits/${r.id}`,
      };
    });
  },
};
