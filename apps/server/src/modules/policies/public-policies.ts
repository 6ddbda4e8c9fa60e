import { type PolicyKind, type PublicPolicy, policyKinds } from '@licensure/contracts';
import { type Db, documents, policies, policy_classifications, policy_types } from '@licensure/db';
import { and, asc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

/** A policy the public site shows: published, live, of the enterprise, not yet ended (in force or upcoming). */
export const onPublicSite = (enterpriseId: string): SQL =>
  and(
    eq(policies.enterprise_id, enterpriseId),
    eq(policies.published, true),
    isNull(policies.deleted_at),
    or(isNull(policies.end_date), gte(policies.end_date, sql`current_date`)),
  ) as SQL;

const kinds = new Set<string>(policyKinds);

function publicRows(db: Db, where: SQL) {
  return db
    .select({
      id: policies.id,
      title: policies.title,
      number: policies.number,
      kind: policy_classifications.type,
      policy_type: policy_types.label,
      classification: policy_classifications.label,
      summary: policies.summary,
      content: policies.content,
      effective_date: policies.effective_date,
      end_date: policies.end_date,
      document_name: documents.name,
      in_force: sql<boolean>`coalesce(${policies.effective_date} <= current_date, false)`,
    })
    .from(policies)
    .leftJoin(policy_types, eq(policy_types.id, policies.policy_type_id))
    .leftJoin(policy_classifications, eq(policy_classifications.id, policies.policy_classification_id))
    .leftJoin(documents, and(eq(documents.id, policies.document_id), isNull(documents.deleted_at)))
    .where(where)
    .orderBy(asc(sql`lower(${policies.title})`), asc(policies.id));
}

const present = (r: Awaited<ReturnType<typeof publicRows>>[number]): PublicPolicy => ({
  ...r,
  kind: typeof r.kind === 'string' && kinds.has(r.kind) ? (r.kind as PolicyKind) : null,
  in_force: Boolean(r.in_force),
  policy_type: (r.policy_type as string | null) ?? null,
  classification: (r.classification as string | null) ?? null,
});

/** GET public/policies: the published policies and protocols, by title; `kind` keeps one of the two. */
export async function publicPolicies(db: Db, enterpriseId: string, kind?: PolicyKind) {
  const rows = await publicRows(
    db,
    and(onPublicSite(enterpriseId), kind ? eq(policy_classifications.type, kind) : undefined) as SQL,
  );
  return rows.map(present);
}

/** GET public/policies/{id}: one published policy, or 404. */
export async function publicPolicy(db: Db, enterpriseId: string, id: string) {
  const [row] = await publicRows(db, and(onPublicSite(enterpriseId), eq(policies.id, id)) as SQL);
  if (!row) throw notFound('policy');
  return present(row);
}
