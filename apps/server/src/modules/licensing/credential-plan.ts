import { type CredentialEffect, requestMessages, type SupersedeRule } from '@licensure/contracts';
import {
  certifications,
  educationLevels,
  licenseRequestHistory,
  type licenseRequests,
  licenses,
  referenceTables,
  type Tx,
} from '@licensure/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { cycleFor } from '../education/progress';
import { type ExpirationRule, expirationDate } from './expiration';
import { type CalendarDate, formatDate, parseDate } from './rules/relative-date';

type Request = typeof licenseRequests.$inferSelect;

/** What applying one credential effect writes. */
export type CredentialWrite =
  | {
      kind: 'insert';
      levelId: string;
      categoryId: string;
      statusId: string | null;
      issueDate: string;
      expiration: string;
    }
  | {
      kind: 'extend';
      id: string;
      levelId: string;
      categoryId: string;
      statusId: string | null;
      expiration: string;
    }
  | { kind: 'inactivate'; id: string }
  | { kind: 'none' };

export interface CredentialStep {
  effect: CredentialEffect;
  write: CredentialWrite;
}

export interface CredentialPlan {
  steps: CredentialStep[];
  /** Why nothing can be issued (400, by field), empty when the plan can be applied. */
  problems: Record<string, string>;
  autonumberId: string | null;
  licenseName: string | null;
}

/** Whether a level of this sort order is superseded by a credential of `issued` order under the rule. */
export function supersededBy(rule: SupersedeRule, issued: number, other: number): boolean {
  if (rule === 'lower_levels') return other < issued;
  if (rule === 'higher_levels') return other > issued;
  return rule === 'other_levels';
}

const ruleWords: Record<SupersedeRule, string> = {
  none: '',
  lower_levels: 'supersedes the lower levels of',
  higher_levels: 'supersedes the higher levels of',
  other_levels: 'supersedes every other level of',
};

/**
 * The credentials an approval issues, extends or supersedes, without writing anything: one per chosen
 * level (the holder's credential of that level, or the one the request renews, is extended from its
 * expiry while it is in the future, from today after it; otherwise one is issued), then the holder's
 * active credentials of the category that the category's supersede rule names. A credential issued or
 * renewed after this request was submitted is never extended again (it is kept as it is); it is made
 * inactive only when the rule says so, and the effect says it was issued after the submission.
 */
export async function planCredentials(
  tx: Tx,
  enterpriseId: string,
  request: Request,
  today: CalendarDate,
): Promise<CredentialPlan> {
  const empty = (problems: Record<string, string>) => ({
    steps: [],
    problems,
    autonumberId: null,
    licenseName: null,
  });
  if (!request.license_id) return empty({ license_id: 'The request names no licence.' });
  const [license] = await tx.select().from(licenses).where(eq(licenses.id, request.license_id));
  if (!license) return empty({ license_id: 'The licence of this request no longer exists.' });
  if (!request.user_id && !request.service_id && !request.vehicle_id)
    return empty({ user_id: 'The request has no person, service or vehicle to license.' });
  const chosen = referenceTables.license_request_application_types;
  const levelsTable = referenceTables.license_category_levels;
  const categoriesTable = referenceTables.license_categories;
  const statuses = referenceTables.license_category_certification_statuses;
  const levelIds = [
    ...new Set(
      (
        await tx
          .select({ level: chosen.license_category_level_id })
          .from(chosen)
          .where(and(eq(chosen.license_request_id, request.id), eq(chosen.checked, true)))
      ).map((r) => r.level as string),
    ),
  ];
  if (levelIds.length === 0) return empty({ application_types: requestMessages.chooseLevels });
  const levels = await tx
    .select({ level: levelsTable, category: categoriesTable })
    .from(levelsTable)
    .innerJoin(categoriesTable, eq(categoriesTable.id, levelsTable.license_category_id))
    .where(inArray(levelsTable.id, levelIds))
    .orderBy(levelsTable.sort_order, levelsTable.label);
  const issuedStatuses = await tx
    .select()
    .from(statuses)
    .where(and(eq(statuses.license_id, license.id), eq(statuses.is_issued_status, true)));
  const holderIs = request.user_id
    ? eq(certifications.user_id, request.user_id)
    : request.service_id
      ? eq(certifications.service_id, request.service_id)
      : eq(certifications.vehicle_id, request.vehicle_id as string);
  const submittedAt = request.completed_on ?? new Date();
  const todayIso = formatDate(today);

  /** When a credential was last issued or renewed: its request's approval, else its issue date. */
  const lastIssued = sql<string | null>`coalesce(
    (select max(h.at) from ${licenseRequestHistory} h
      where h.license_request_id = ${certifications.license_request_id} and h.kind = 'issued'),
    ${certifications.issue_date}::timestamptz)`;
  const held = await tx
    .select({
      cert: certifications,
      last_issued: lastIssued,
      level_label: levelsTable.label,
      level_order: levelsTable.sort_order,
      category_label: categoriesTable.label,
    })
    .from(certifications)
    .leftJoin(levelsTable, eq(levelsTable.id, certifications.license_category_level_id))
    .leftJoin(categoriesTable, eq(categoriesTable.id, certifications.license_category_id))
    .where(
      and(
        eq(certifications.enterprise_id, enterpriseId),
        isNull(certifications.deleted_at),
        holderIs,
        eq(certifications.license_id, license.id),
      ),
    )
    .orderBy(sql`${certifications.expiration_date} desc nulls last`);
  const ceLevels = await tx
    .select({ level: educationLevels.license_category_level_id, months: educationLevels.cycle_months })
    .from(educationLevels)
    .where(
      and(
        eq(educationLevels.enterprise_id, enterpriseId),
        isNull(educationLevels.deleted_at),
        eq(educationLevels.active, true),
        inArray(educationLevels.license_category_level_id, [
          ...levelIds,
          ...held.map((h) => h.cert.license_category_level_id).filter((l): l is string => !!l),
        ]),
      ),
    );
  const ceCycle = (levelId: string | null, expiration: string | null) => {
    const ce = ceLevels.find((c) => c.level === levelId);
    return ce && expiration ? cycleFor(expiration, ce.months, todayIso) : null;
  };
  const afterSubmission = (h: (typeof held)[number]) =>
    !!h.last_issued && new Date(h.last_issued).getTime() > submittedAt.getTime();

  const steps: CredentialStep[] = [];
  const touched = new Set<string>();
  for (const { level, category } of levels) {
    const levelId = level.id as string;
    const categoryId = category.id as string;
    const statusId =
      ((
        issuedStatuses.find((s) => s.license_category_id === categoryId) ??
        issuedStatuses.find((s) => !s.license_category_id)
      )?.id as string | undefined) ?? null;
    const months = Number(level.months_valid ?? 24);
    const rule = (level.expiration_rule ?? 'exact') as ExpirationRule;
    const names = {
      level_id: levelId,
      level_label: level.label as string,
      category_label: category.label as string,
    };
    const existing = held.find(
      (h) =>
        h.cert.license_category_level_id === levelId ||
        (request.renews_certification_id !== null && h.cert.id === request.renews_certification_id),
    );
    if (existing) {
      const c = existing.cert;
      touched.add(c.id);
      const cycle = ceCycle(levelId, c.expiration_date);
      const base = {
        ...names,
        certification_id: c.id,
        number: c.number,
        status_before: c.status,
        expiration_before: c.expiration_date,
        ce_cycle_before: cycle,
        issued_after_submission: afterSubmission(existing),
      };
      if (base.issued_after_submission) {
        steps.push({
          effect: {
            ...base,
            effect: 'kept',
            status_after: c.status,
            expiration_after: c.expiration_date,
            ce_cycle_after: cycle,
            reason: `${c.number} was issued or renewed after this request was submitted: it is kept as it is.`,
          },
          write: { kind: 'none' },
        });
        continue;
      }
      // A renewal extends from the old expiry while it is still in the future, from today after it.
      const old = c.expiration_date ? parseDate(c.expiration_date) : null;
      const from = old && formatDate(old) >= todayIso ? old : today;
      const expiration = expirationDate(from, months, rule);
      steps.push({
        effect: {
          ...base,
          effect: 'extended',
          status_after: 'active',
          expiration_after: expiration,
          ce_cycle_after: ceCycle(levelId, expiration),
          reason: `${c.number} (${names.level_label}) is renewed: its expiry moves from ${c.expiration_date ?? 'none'} to ${expiration}.`,
        },
        write: { kind: 'extend', id: c.id, levelId, categoryId, statusId, expiration },
      });
    } else {
      const expiration = expirationDate(today, months, rule);
      steps.push({
        effect: {
          ...names,
          effect: 'issued',
          certification_id: null,
          number: null,
          status_before: null,
          status_after: 'active',
          expiration_before: null,
          expiration_after: expiration,
          ce_cycle_before: null,
          ce_cycle_after: ceCycle(levelId, expiration),
          issued_after_submission: false,
          reason: `A new ${names.level_label} credential is issued, numbered on approval, expiring ${expiration}.`,
        },
        write: { kind: 'insert', levelId, categoryId, statusId, issueDate: todayIso, expiration },
      });
    }
  }
  // The category's rule, and only it, makes other levels inactive.
  for (const { level, category } of levels) {
    const rule = (category.supersedes ?? 'none') as SupersedeRule;
    if (rule === 'none') continue;
    for (const h of held) {
      const c = h.cert;
      if (touched.has(c.id) || c.status !== 'active' || c.license_category_id !== category.id) continue;
      if (c.license_category_level_id === level.id) continue;
      if (!supersededBy(rule, Number(level.sort_order ?? 0), Number(h.level_order ?? 0))) continue;
      touched.add(c.id);
      const cycle = ceCycle(c.license_category_level_id, c.expiration_date);
      const late = afterSubmission(h);
      steps.push({
        effect: {
          effect: 'superseded',
          certification_id: c.id,
          number: c.number,
          level_id: c.license_category_level_id,
          level_label: h.level_label as string | null,
          category_label: h.category_label as string | null,
          status_before: c.status,
          status_after: 'inactive',
          expiration_before: c.expiration_date,
          expiration_after: c.expiration_date,
          ce_cycle_before: cycle,
          ce_cycle_after: cycle,
          issued_after_submission: late,
          reason: `${level.label} ${ruleWords[rule]} ${category.label}: ${c.number} (${h.level_label ?? 'no level'}) becomes inactive${late ? ', although it was issued after this request was submitted' : ''}.`,
        },
        write: { kind: 'inactivate', id: c.id },
      });
    }
  }
  return { steps, problems: {}, autonumberId: license.autonumber_id, licenseName: license.name };
}
