import type { QueryField, QueryOperator, QuerySubject } from '@licensure/contracts';
import { type Db, securityGroupMembers, securityGroups } from '@licensure/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { type CatalogueField, catalogue, mayRead } from './catalogue';

const textOperators: QueryOperator[] = ['=', '<>', 'like', 'not like', '<', '<=', '>', '>='];
const orderedOperators: QueryOperator[] = ['=', '<>', '<', '<=', '>', '>='];
const operatorsOf = (f: CatalogueField): QueryOperator[] =>
  f.type === 'text' ? textOperators : f.type === 'bool' ? ['=', '<>'] : orderedOperators;

const present = (f: CatalogueField): QueryField => ({
  id: f.id,
  subject: f.subject,
  group: f.group,
  label: f.label,
  type: f.type,
  operators: operatorsOf(f),
});

/** The fields of a subject the caller may read, in catalogue order. */
export const fieldsOf = (subject: QuerySubject, permissions: ReadonlySet<string>): QueryField[] =>
  catalogue.filter((f) => f.subject === subject && mayRead(permissions, f)).map(present);

/** One field, with the labels of its reference list (the enterprise's, in order) when it has one. */
export async function describeField(db: Db, enterpriseId: string, f: CatalogueField): Promise<QueryField> {
  if (!f.choices) return present(f);
  const rows = await db
    .select({ label: sql<string>`${f.choices.label}` })
    .from(f.choices.table)
    .where(eq(f.choices.enterprise, enterpriseId))
    .orderBy(asc(f.choices.label))
    .limit(500);
  return { ...present(f), choices: [...new Set(rows.map((r) => r.label))] };
}

/** The enterprise's security groups, saying which the caller belongs to. */
export async function securityGroupsFor(db: Db, enterpriseId: string, userId: string) {
  const rows = await db
    .select({
      id: securityGroups.id,
      label: securityGroups.label,
      description: securityGroups.description,
      member: sql<boolean>`${securityGroupMembers.user_id} is not null`,
    })
    .from(securityGroups)
    .leftJoin(
      securityGroupMembers,
      and(
        eq(securityGroupMembers.security_group_id, securityGroups.id),
        eq(securityGroupMembers.user_id, userId),
      ),
    )
    .where(eq(securityGroups.enterprise_id, enterpriseId))
    .orderBy(asc(securityGroups.label));
  return rows.map((r) => ({ ...r, member: r.member === true }));
}
