import { mergeTemplateInput, mergeTemplateOutput } from '@licensure/contracts';
import { mergeTemplates } from '@licensure/db';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import { pick } from '../../platform/resources/present';
import type { Resource, Row } from '../../platform/resources/types';
import { objectsOfCode } from './merge-catalog';
import { sanitizeMessageHtml } from './merge-html';

/** The body is stored sanitised; the merge object must be one the code's templates merge against. */
function templateValues(input: Row): Row {
  const code = input.code as keyof typeof objectsOfCode | undefined;
  const kind = input.merge_object as string | undefined;
  if (code && kind && !objectsOfCode[code].includes(kind as never))
    throw badRequest({
      merge_object: `A ${code} template merges against one of: ${objectsOfCode[code].join(', ')}.`,
    });
  return typeof input.body_html === 'string'
    ? { ...input, body_html: sanitizeMessageHtml(input.body_html) }
    : input;
}

/**
 * Merge templates (`{merge_template: {...}}`). The list route is the module's own (it hides inactive
 * templates unless includeInactive), on this resource's statements.
 */
export const mergeTemplateResource: Resource = {
  path: 'mergetemplates',
  entity: 'merge_templates',
  wrapper: 'merge_template',
  singular: 'merge template',
  tags: ['merge'],
  table: mergeTemplates,
  read: 'merge.read',
  write: 'merge.write',
  routes: { list: false },
  input: mergeTemplateInput,
  output: mergeTemplateOutput,
  present: pick(Object.keys(mergeTemplateOutput.shape) as (keyof typeof mergeTemplateOutput.shape)[]),
  filters: {
    code: { column: mergeTemplates.code },
    merge_object: { column: mergeTemplates.merge_object },
    active: { column: mergeTemplates.active, schema: z.boolean() },
  },
  search: [mergeTemplates.name, mergeTemplates.subject],
  sort: {
    name: sql`lower(${mergeTemplates.name})`,
    code: [mergeTemplates.code, sql`lower(${mergeTemplates.name})`],
    updated_at: mergeTemplates.updated_at,
  },
  defaultSort: 'name',
  unique: { merge_templates_name_key: 'name' },
  softDelete: {},
  hooks: { validate: templateValues },
};
