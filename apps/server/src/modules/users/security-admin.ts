/** Shared parts of the security template and group routes. */
import type { listQuery } from '@licensure/contracts';
import {
  type Db,
  security_template_permissions,
  securityGroupMembers,
  securityGroups,
  securityTemplates,
  type Tx,
} from '@licensure/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { likeContains } from './search';

export const tags = ['users'];
export const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
export const labelConflict = (c: string) => (c.endsWith('_label_key') ? 'label' : undefined);

type TemplateRow = typeof securityTemplates.$inferSelect;
type GroupRow = typeof securityGroups.$inferSelect;

export async function permissionsOf(db: Tx, id: string): Promise<string[]> {
  const rows = await db
    .select({ key: security_template_permissions.permission_key })
    .from(security_template_permissions)
    .where(eq(security_template_permissions.security_template_id, id));
  return rows.map((r) => r.key as string).sort();
}
export async function membersOf(db: Tx, id: string): Promise<string[]> {
  const rows = await db
    .select({ id: securityGroupMembers.user_id })
    .from(securityGroupMembers)
    .where(eq(securityGroupMembers.security_group_id, id));
  return rows.map((r) => r.id).sort();
}
export const presentTemplate = (t: TemplateRow, permissions: string[]) => ({
  id: t.id,
  enterprise_id: t.enterprise_id,
  label: t.label,
  description: t.description,
  is_portal_default: t.is_portal_default,
  permissions,
  created_at: t.created_at.toISOString(),
  updated_at: t.updated_at.toISOString(),
});
export const presentGroup = (g: GroupRow, user_ids: string[]) => ({
  id: g.id,
  enterprise_id: g.enterprise_id,
  label: g.label,
  description: g.description,
  user_ids,
  created_at: g.created_at.toISOString(),
  updated_at: g.updated_at.toISOString(),
});

/** A page of templates or groups, searched by label. */
export async function pageOf<T extends typeof securityTemplates | typeof securityGroups>(
  db: Db,
  table: T,
  request: FastifyRequest,
  q: z.infer<typeof listQuery>,
) {
  const where = and(
    eq(table.enterprise_id, request.enterpriseId),
    q.search ? sql`lower(${table.label}) like ${likeContains(q.search)}` : undefined,
  );
  const order = q.sortBy === 'created_at' ? table.created_at : sql`lower(${table.label})`;
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(table as typeof securityTemplates)
      .where(where)
      .orderBy(q.reverse ? desc(order) : asc(order), asc(table.id))
      .limit(q.numPerPage)
      .offset((q.currentPage - 1) * q.numPerPage),
    db
      .select({ total: sql<number>`cast(count(*) as integer)` })
      .from(table as typeof securityTemplates)
      .where(where),
  ]);
  return { rows, total: count?.total ?? 0 };
}

export async function loadTemplate(tx: Db | Tx, request: FastifyRequest, id: string) {
  const [t] = await tx
    .select()
    .from(securityTemplates)
    .where(and(eq(securityTemplates.id, id), eq(securityTemplates.enterprise_id, request.enterpriseId)));
  if (!t) throw notFound('security template');
  return t;
}
export async function loadGroup(tx: Db | Tx, request: FastifyRequest, id: string) {
  const [g] = await tx
    .select()
    .from(securityGroups)
    .where(and(eq(securityGroups.id, id), eq(securityGroups.enterprise_id, request.enterpriseId)));
  if (!g) throw notFound('security group');
  return g;
}
