import type { CeAuditMemberOutput, CeAuditOutput, CeAuditSummary } from '@licensure/contracts';
import { ceAuditMembers, ceAudits, type Db, type Tx, users } from '@licensure/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';
import { renewedLicensees } from './ce-audit-population';
import { userName } from './present';

const memberSelection = {
  id: ceAuditMembers.id,
  ce_audit_id: ceAuditMembers.ce_audit_id,
  user_id: ceAuditMembers.user_id,
  first_name: users.first_name,
  last_name: users.last_name,
  certification_id: ceAuditMembers.certification_id,
  status: ceAuditMembers.status,
  document_id: ceAuditMembers.document_id,
  note: ceAuditMembers.note,
  complaint_id: ceAuditMembers.complaint_id,
  due_date: ceAudits.due_date,
  label: ceAudits.label,
};

type MemberRow = { first_name: string | null; last_name: string | null } & Omit<
  CeAuditMemberOutput,
  'user_name'
>;
const presentMember = ({ first_name, last_name, ...m }: MemberRow): CeAuditMemberOutput => ({
  ...m,
  user_name: userName(first_name, last_name),
});

function members(db: Db | Tx, where: ReturnType<typeof and>) {
  return db
    .select(memberSelection)
    .from(ceAuditMembers)
    .innerJoin(ceAudits, eq(ceAudits.id, ceAuditMembers.ce_audit_id))
    .innerJoin(users, eq(users.id, ceAuditMembers.user_id))
    .where(where)
    .orderBy(asc(users.last_name), asc(users.first_name));
}

/** One audited licensee of the enterprise, or 404. */
export async function loadMember(
  db: Db | Tx,
  enterpriseId: string,
  id: string,
): Promise<CeAuditMemberOutput> {
  const [row] = await members(
    db,
    and(eq(ceAuditMembers.id, id), eq(ceAuditMembers.enterprise_id, enterpriseId)),
  );
  if (!row) throw notFound('audited licensee');
  return presentMember(row);
}

/** An audit with its sampled licensees, or 404. */
export async function loadAudit(db: Db | Tx, enterpriseId: string, id: string): Promise<CeAuditOutput> {
  const [audit] = await db
    .select()
    .from(ceAudits)
    .where(and(eq(ceAudits.id, id), eq(ceAudits.enterprise_id, enterpriseId)));
  if (!audit) throw notFound('CE audit');
  const rows = await members(db, eq(ceAuditMembers.ce_audit_id, id));
  return {
    id: audit.id,
    label: audit.label,
    percentage: audit.percentage,
    renewed_from: audit.renewed_from,
    renewed_to: audit.renewed_to,
    due_date: audit.due_date,
    created_at: audit.created_at.toISOString(),
    population: (await renewedLicensees(db, enterpriseId, audit.renewed_from, audit.renewed_to)).length,
    members: rows.map(presentMember),
  };
}

const countOf = (status: string) =>
  sql<number>`count(${ceAuditMembers.id}) filter (where ${ceAuditMembers.status} = ${status})`.mapWith(
    Number,
  );

/** The enterprise's audits, newest first, with their counts by status. */
export async function listAudits(db: Db, enterpriseId: string): Promise<CeAuditSummary[]> {
  const rows = await db
    .select({
      audit: ceAudits,
      sampled: sql<number>`count(${ceAuditMembers.id})`.mapWith(Number),
      requested: countOf('requested'),
      submitted: countOf('submitted'),
      accepted: countOf('accepted'),
      deficient: countOf('deficient'),
    })
    .from(ceAudits)
    .leftJoin(ceAuditMembers, eq(ceAuditMembers.ce_audit_id, ceAudits.id))
    .where(eq(ceAudits.enterprise_id, enterpriseId))
    .groupBy(ceAudits.id)
    .orderBy(desc(ceAudits.created_at));
  const out: CeAuditSummary[] = [];
  for (const { audit: a, ...counts } of rows)
    out.push({
      id: a.id,
      label: a.label,
      percentage: a.percentage,
      renewed_from: a.renewed_from,
      renewed_to: a.renewed_to,
      due_date: a.due_date,
      created_at: a.created_at.toISOString(),
      population: (await renewedLicensees(db, enterpriseId, a.renewed_from, a.renewed_to)).length,
      ...counts,
    });
  return out;
}

/** The audits a person was sampled in (what the portal asks them to prove), newest due first. */
export async function myAuditRequests(db: Db, enterpriseId: string, userId: string) {
  const rows = await members(
    db,
    and(eq(ceAuditMembers.enterprise_id, enterpriseId), eq(ceAuditMembers.user_id, userId)),
  );
  return rows.map(presentMember).sort((a, b) => b.due_date.localeCompare(a.due_date));
}
