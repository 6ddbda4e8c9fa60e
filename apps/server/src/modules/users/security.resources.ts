import {
  securityGroup,
  securityGroupInput,
  securityTemplate,
  securityTemplateInput,
} from '@licensure/contracts';
import {
  type Db,
  security_template_permissions,
  securityGroupMembers,
  securityGroups,
  securityTemplates,
  type Tx,
} from '@licensure/db';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isoRow } from '../../platform/resources/present';
import { refTarget } from '../../platform/resources/references';
import type { HookContext, Resource, Row } from '../../platform/resources/types';

const tags = ['users'];

/** Each row with the sorted values of its child rows, read in one query for all of them. */
async function withChildren(
  rows: Row[],
  field: string,
  read: (ids: string[]) => Promise<{ owner: string; value: string }[]>,
): Promise<Row[]> {
  const ids = rows.map((r) => String(r.id));
  const children = ids.length > 0 ? await read(ids) : [];
  const byOwner = new Map<string, string[]>();
  for (const c of children) byOwner.set(c.owner, [...(byOwner.get(c.owner) ?? []), c.value]);
  return rows.map((r) => ({ ...r, [field]: (byOwner.get(String(r.id)) ?? []).sort() }));
}

const withPermissions = (db: Db | Tx, rows: Row[]) =>
  withChildren(
    rows,
    'permissions',
    (ids) =>
      db
        .select({
          owner: security_template_permissions.security_template_id,
          value: security_template_permissions.permission_key,
        })
        .from(security_template_permissions)
        .where(inArray(security_template_permissions.security_template_id, ids)) as Promise<
        { owner: string; value: string }[]
      >,
  );

const withMembers = (db: Db | Tx, rows: Row[]) =>
  withChildren(rows, 'user_ids', (ids) =>
    db
      .select({ owner: securityGroupMembers.security_group_id, value: securityGroupMembers.user_id })
      .from(securityGroupMembers)
      .where(inArray(securityGroupMembers.security_group_id, ids)),
  );

/** The template's permission keys, when the input names them, replace the stored ones. */
async function savePermissions(row: Row, ctx: HookContext & { input: Row }) {
  const templateId = String(row.id);
  await ctx.tx
    .delete(security_template_permissions)
    .where(eq(security_template_permissions.security_template_id, templateId));
  const keys = ctx.operation === 'delete' ? [] : [...new Set((ctx.input.permissions as string[]) ?? [])];
  if (keys.length > 0)
    await ctx.tx.insert(security_template_permissions).values(
      keys.map((k) => ({
        enterprise_id: ctx.enterpriseId,
        security_template_id: templateId,
        permission_key: k,
      })),
    );
}

/** The group's members are replaced by those of the input (a deleted group's go with it). */
async function saveMembers(row: Row, ctx: HookContext & { input: Row }) {
  if (ctx.operation === 'delete') return;
  const groupId = String(row.id);
  const members = [...new Set((ctx.input.user_ids as string[]) ?? [])];
  await ctx.tx.delete(securityGroupMembers).where(eq(securityGroupMembers.security_group_id, groupId));
  if (members.length > 0)
    await ctx.tx
      .insert(securityGroupMembers)
      .values(members.map((u) => ({ security_group_id: groupId, user_id: u })));
}

/** Permission changes take effect at once: every cached session is reloaded. */
const reloadSessions = async (_row: Row, { request }: { request: FastifyRequest }) =>
  request.server.deps.sessions.invalidate('*');

const labelSort = (table: typeof securityTemplates | typeof securityGroups) => ({
  label: sql`lower(${table.label})`,
  created_at: table.created_at,
  updated_at: table.updated_at,
});

/**
 * Security templates: named sets of permission keys that people hold. A save replaces the template's
 * permissions; any change reloads every signed-in person's permissions at once.
 */
export const securityTemplateResource: Resource = {
  path: 'securitytemplates',
  entity: 'security_templates',
  wrapper: 'security_template',
  singular: 'security template',
  tags,
  table: securityTemplates,
  read: 'security.admin',
  write: 'security.admin',
  input: securityTemplateInput.shape.security_template,
  output: securityTemplate,
  present: (row) => securityTemplate.parse(isoRow(row)),
  search: [securityTemplates.label],
  sort: labelSort(securityTemplates),
  defaultSort: 'label',
  unique: { security_templates_label_key: 'label' },
  hooks: {
    afterChange: savePermissions,
    expand: (rows, db) => withPermissions(db, rows),
    audit: async (row, tx) => (await withPermissions(tx, [row]))[0] as Row,
    afterCommit: reloadSessions,
  },
};

/** Security groups: named sets of people (shared queries, notices). A save replaces the members. */
export const securityGroupResource: Resource = {
  path: 'securitygroups',
  entity: 'security_groups',
  wrapper: 'security_group',
  singular: 'security group',
  tags,
  table: securityGroups,
  read: 'security.admin',
  write: 'security.admin',
  input: securityGroupInput.shape.security_group,
  output: securityGroup,
  present: (row) => securityGroup.parse(isoRow(row)),
  search: [securityGroups.label],
  sort: labelSort(securityGroups),
  defaultSort: 'label',
  unique: { security_groups_label_key: 'label' },
  refs: { user_ids: refTarget('users') },
  hooks: {
    afterChange: saveMembers,
    expand: (rows, db) => withMembers(db, rows),
    audit: async (row, tx) => (await withMembers(tx, [row]))[0] as Row,
  },
};
