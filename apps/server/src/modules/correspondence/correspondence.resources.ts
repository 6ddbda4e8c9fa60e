import {
  type CorrespondenceOutput,
  correspondenceOutput,
  correspondenceStatuses,
} from '@licensure/contracts';
import { correspondenceRecipients, correspondences, mergeTemplates, users } from '@licensure/db';
import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { selfOrPermission } from '../../platform/permissions/policies';
import { holdsAny, type ScopeRule } from '../../platform/permissions/scopes';
import type { JoinableQuery, Resource, Row } from '../../platform/resources/types';

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v);

/** A message of the send went to this person. */
const sentTo = (user: SQLWrapper): SQL =>
  sql`exists (select 1 from ${correspondenceRecipients} r where r.correspondence_id = ${correspondences.id} and r.user_id = ${user})`;

/** Staff with correspondence.read see every send; anyone else the ones sent to them. */
export const correspondenceScope: ScopeRule = (auth) =>
  holdsAny(auth, ['correspondence.read'])
    ? null
    : { name: 'recipient', where: (user) => sentTo(user as SQLWrapper) };

export function presentCorrespondence(c: Row): CorrespondenceOutput {
  const s = (k: string) => (c[k] as string | null | undefined) ?? null;
  return {
    id: c.id as string,
    subject: c.subject as string,
    html_body: c.html_body as string,
    text_body: c.text_body as string,
    from_address: s('from_address'),
    cc: (c.cc as string[]) ?? [],
    bcc: (c.bcc as string[]) ?? [],
    reply_to: (c.reply_to as string[]) ?? [],
    merge_template_id: s('merge_template_id'),
    merge_template_name: s('merge_template_name'),
    merge_object: s('merge_object'),
    merge_entity_id: s('merge_entity_id'),
    document_ids: (c.document_ids as string[]) ?? [],
    initiated_by_id: s('initiated_by_id'),
    initiated_by_name: s('initiated_by_name'),
    status: c.status as string,
    total: Number(c.total),
    sent_count: Number(c.sent_count),
    failed_count: Number(c.failed_count),
    completed_at: iso(c.completed_at),
    created_at: iso(c.created_at) ?? '',
    updated_at: iso(c.updated_at) ?? '',
  };
}

export const correspondenceColumns = {
  merge_template_name: sql<string | null>`${mergeTemplates.name}`,
  initiated_by_name: sql<
    string | null
  >`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
};
export const joinCorrespondenceNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(mergeTemplates, eq(mergeTemplates.id, correspondences.merge_template_id))
    .leftJoin(users, eq(users.id, correspondences.initiated_by_id));

/**
 * Correspondence history, read-only here: sends are made by POST Correspondences (queueCorrespondence)
 * and the one-send answer (with its messages) is the module's own route.
 */
export const correspondenceResource: Resource = {
  path: 'Correspondences',
  entity: 'correspondences',
  wrapper: 'correspondence',
  singular: 'correspondence',
  tags: ['correspondence'],
  table: correspondences,
  read: selfOrPermission('correspondence.read'),
  routes: { get: false },
  input: z.object({}),
  output: correspondenceOutput,
  present: presentCorrespondence,
  columns: correspondenceColumns,
  joins: joinCorrespondenceNames,
  filters: {
    user_id: {
      column: correspondences.id,
      schema: z.uuid({ message: 'user_id must be a valid id' }),
      where: (v) => sentTo(v),
    },
    merge_entity_id: {
      column: correspondences.merge_entity_id,
      schema: z.uuid({ message: 'merge_entity_id must be a valid id' }),
    },
    merge_template_id: {
      column: correspondences.merge_template_id,
      schema: z.uuid({ message: 'merge_template_id must be a valid id' }),
    },
    status: { column: correspondences.status, schema: z.enum(correspondenceStatuses) },
  },
  search: [correspondences.subject],
  sort: { created_at: correspondences.created_at, subject: sql`lower(${correspondences.subject})` },
  defaultSort: 'created_at',
  scope: correspondenceScope,
};
