import { person, userFields, usersListQuery } from '@licensure/contracts';
import { users } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { selfOrPermission } from '../../platform/permissions/policies';
import { refTarget } from '../../platform/resources/references';
import type { Resource, Row } from '../../platform/resources/types';
import { demographicRefs } from './demographics';
import {
  authorizePerson,
  checkEnterprise,
  reloadSessionsIfNeeded,
  savePersonChildren,
  validatePerson,
  withTemplateIds,
} from './person-hooks';
import { presentPerson, type UserRow } from './present';

const filter = usersListQuery.shape;
const present = (row: Row) =>
  presentPerson(row as UserRow, { templateIds: row.security_template_ids as string[] | undefined });

/**
 * People. Staff with users.read list them (ssn masked); a portal user lists only themself. Creating
 * and deleting need users.write; anyone may change their own contact details (the hooks refuse the
 * rest), users.write holders anyone's record, and only security.admin holders the security fields.
 * Deleting keeps the record, marked deleted. One person's read, with its logged full SSN, is served
 * by people-routes.ts.
 */
export const peopleResource: Resource = {
  path: 'users',
  entity: 'users',
  wrapper: 'user',
  singular: 'person',
  tags: ['users'],
  table: users,
  read: selfOrPermission('users.read', 'not_found'),
  listRead: 'users.read',
  write: 'users.write',
  writeBy: { update: selfOrPermission('users.write', 'not_found') },
  routes: { get: false },
  input: userFields,
  output: person,
  present,
  filters: {
    last_name: { column: users.last_name, schema: filter.last_name, op: 'prefix' },
    first_name: { column: users.first_name, schema: filter.first_name, op: 'prefix' },
    email: { column: users.email, schema: filter.email, op: 'prefix' },
    is_staff: { column: users.is_staff },
    user_status_id: { column: users.user_status_id, schema: filter.user_status_id },
  },
  search: [users.last_name, users.first_name, users.email, users.user_name],
  sort: {
    last_name: sql`lower(${users.last_name})`,
    first_name: sql`lower(${users.first_name})`,
    user_name: sql`lower(${users.user_name})`,
    email: sql`lower(${users.email})`,
    created_at: users.created_at,
    updated_at: users.updated_at,
  },
  defaultSort: 'last_name',
  scope: (auth) => (auth?.isPortal ? { name: 'self', where: (user) => eq(users.id, user as never) } : null),
  refs: {
    user_status_id: refTarget('user_statuses'),
    security_template_ids: refTarget('security_templates'),
    ...demographicRefs,
  },
  unique: { users_user_name_key: 'user_name' },
  softDelete: { listParam: 'include_deleted' },
  hooks: {
    normalize: checkEnterprise,
    authorize: authorizePerson,
    validate: validatePerson,
    afterChange: savePersonChildren,
    expand: (rows, db) => withTemplateIds(db, rows),
    audit: async (row, tx) => present((await withTemplateIds(tx, [row]))[0] as Row) as Row,
    afterCommit: reloadSessionsIfNeeded,
  },
};
