import {
  type PolicyOutput,
  policyInput,
  policyKinds,
  policyMessages,
  policyOutput,
} from '@licensure/contracts';
import {
  documents,
  policies,
  policy_classifications,
  policy_statuses,
  policy_types,
  policyAcknowledgements,
} from '@licensure/db';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { pick } from '../../platform/resources/present';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { sanitizeMessageHtml } from '../merge/merge-html';

const tags = ['policies'];

/** The names a policy is shown with, and how many staff have acknowledged it. */
export const policyColumns: Record<string, SQLWrapper> = {
  policy_type: sql<string | null>`${policy_types.label}`,
  policy_status: sql<string | null>`${policy_statuses.label}`,
  classification: sql<string | null>`${policy_classifications.label}`,
  kind: sql<string | null>`${policy_classifications.type}`,
  document_name: sql<string | null>`${documents.name}`,
  acknowledgement_count: sql<number>`(select count(*)::int from ${policyAcknowledgements}
    where ${policyAcknowledgements.policy_id} = ${policies.id})`,
};

export const joinPolicyNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(policy_types, eq(policy_types.id, policies.policy_type_id))
    .leftJoin(policy_statuses, eq(policy_statuses.id, policies.policy_status_id))
    .leftJoin(policy_classifications, eq(policy_classifications.id, policies.policy_classification_id))
    .leftJoin(documents, eq(documents.id, policies.document_id));

const keys = Object.keys(policyOutput.shape) as (keyof PolicyOutput)[];
const kinds = new Set<string>(policyKinds);

export function presentPolicy(row: Row): PolicyOutput {
  const out = pick(keys)(row) as Row;
  out.kind = typeof row.kind === 'string' && kinds.has(row.kind) ? row.kind : null;
  out.published = row.published === true;
  out.acknowledgement_count = Number(row.acknowledgement_count ?? 0);
  return out as PolicyOutput;
}

/**
 * The content is stored sanitised (the merge templates' rules); the dates must run forward; a policy
 * is published with an effective date, and `published_at` records when it first went public.
 */
export function policyValues(input: Row, ctx: HookContext): Row {
  const effective = (input.effective_date as string | null | undefined) ?? null;
  const end = (input.end_date as string | null | undefined) ?? null;
  if (effective && end && end < effective) throw badRequest({ end_date: policyMessages.endBeforeEffective });
  const published = input.published === true;
  if (published && !effective) throw badRequest({ effective_date: policyMessages.publishNeedsEffective });
  const wasPublished = ctx.before?.published === true;
  return {
    ...input,
    content: typeof input.content === 'string' ? sanitizeMessageHtml(input.content) : (input.content ?? null),
    published,
    published_at: published ? (wasPublished ? ctx.before?.published_at : new Date()) : null,
    ...(ctx.operation === 'create' ? { created_by: ctx.auth?.userId ?? null } : {}),
  };
}

/** Policies and protocols (`{policy: {...}}`): staff read them; writers keep and publish them. */
export const policyResource: Resource = {
  path: 'policies',
  entity: 'policies',
  wrapper: 'policy',
  singular: 'policy',
  tags,
  table: policies,
  read: 'policies.read',
  write: 'policies.write',
  input: policyInput,
  output: policyOutput,
  present: presentPolicy,
  columns: policyColumns,
  joins: joinPolicyNames,
  filters: {
    policy_type_id: { column: policies.policy_type_id },
    policy_status_id: { column: policies.policy_status_id },
    policy_classification_id: { column: policies.policy_classification_id },
    published: { column: policies.published },
    kind: {
      column: policy_classifications.type,
      schema: z.enum(policyKinds, { message: 'kind must be Policy or Protocol' }),
    },
  },
  search: [policies.title, policies.number, policies.summary],
  alpha: policies.title,
  sort: {
    title: sql`lower(${policies.title})`,
    number: [policies.number, sql`lower(${policies.title})`],
    effective_date: policies.effective_date,
    policy_type: sql`lower(${policy_types.label})`,
    policy_status: sql`lower(${policy_statuses.label})`,
    updated_at: policies.updated_at,
  },
  defaultSort: 'title',
  filterRoutes: true,
  refs: {
    policy_type_id: { name: 'policy_types', table: policy_types, what: 'policy type' },
    policy_status_id: { name: 'policy_statuses', table: policy_statuses, what: 'policy status' },
    policy_classification_id: {
      name: 'policy_classifications',
      table: policy_classifications,
      what: 'policy classification',
    },
  },
  softDelete: { reason: true },
  events: true,
  hooks: { validate: policyValues },
};
