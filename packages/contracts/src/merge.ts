// Contracts of the merge module: merge templates, their objects, fields and contact groups (issue 12, item 6).
import { z } from 'zod';
import { booleanish, listQuery, timestamp } from './paging';
import { id } from './shared-fields';

/** Template codes: where a template is used. The spec names the first four; the rest are licensing's. */
export const mergeCodes = [
  'Inspections',
  'Investigations',
  'Inspection Visits',
  'Exams',
  'Licensing',
  'Certifications',
  'Correspondence',
] as const;
export type MergeCode = (typeof mergeCodes)[number];

/** Kinds of record a template merges against. */
export const mergeObjectKinds = ['person', 'service', 'vehicle', 'request', 'certification'] as const;
export type MergeObjectKind = (typeof mergeObjectKinds)[number];

export const mergeCode = z.enum(mergeCodes, { message: `code must be one of: ${mergeCodes.join(', ')}` });
export const mergeObjectKind = z.enum(mergeObjectKinds, {
  message: `merge_object must be one of: ${mergeObjectKinds.join(', ')}`,
});

/** `GET /api/MergeObjects|MergeFields|MergeContactGroups?code=` (every code when left out). */
export const mergeCodeQuery = z.object({ code: mergeCode.optional() });

export const mergeObjectOutput = z.object({
  kind: mergeObjectKind,
  label: z.string(),
  codes: z.array(mergeCode),
});
export const mergeFieldOutput = z.object({
  /** What a template writes, between double braces: `{{person.first_name}}`. */
  key: z.string(),
  label: z.string(),
  object: z.string(),
});
export const mergeContactGroupOutput = z.object({
  key: z.string(),
  label: z.string(),
  object: mergeObjectKind,
});
export type MergeFieldOutput = z.infer<typeof mergeFieldOutput>;
export type MergeContactGroupOutput = z.infer<typeof mergeContactGroupOutput>;

/** The merge_template of `POST /api/mergetemplates` (`{merge_template: {...}}`); the body is sanitised. */
export const mergeTemplateInput = z.object({
  code: mergeCode,
  merge_object: mergeObjectKind,
  name: z.string({ message: 'name is required' }).trim().min(1, 'name must not be empty').max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  subject: z.string({ message: 'subject is required' }).trim().min(1, 'subject must not be empty').max(500),
  body_html: z
    .string({ message: 'body_html is required' })
    .max(200_000, 'body_html must be 200000 characters or fewer'),
  active: booleanish.default(true),
});
export type MergeTemplateInput = z.infer<typeof mergeTemplateInput>;

export const mergeTemplateOutput = z.object({
  id: z.uuid(),
  code: z.string(),
  merge_object: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  subject: z.string(),
  body_html: z.string(),
  active: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type MergeTemplateOutput = z.infer<typeof mergeTemplateOutput>;

/** `GET /api/mergetemplates`: the paged filter with a code and inactive templates on request. */
export const mergeTemplateListQuery = listQuery.extend({
  code: mergeCode.optional(),
  includeInactive: booleanish.optional(),
});

/** The record a template is merged against. */
export const mergeObjectRef = z.object({ kind: mergeObjectKind, id: id('object.id') });
export type MergeObjectRef = z.infer<typeof mergeObjectRef>;

/** `renderMergeTemplate(tx, input)`: a stored template merged against a real record. */
export const renderMergeTemplateInput = z.object({
  enterpriseId: id('enterpriseId'),
  templateId: id('templateId'),
  object: mergeObjectRef,
});
export type RenderMergeTemplateInput = z.infer<typeof renderMergeTemplateInput>;

export const renderedMessage = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type RenderedMessage = z.infer<typeof renderedMessage>;

/** `POST /api/mergetemplates/{id}/preview`: the template (as stored, or as being edited) on one record. */
export const mergePreviewBody = z.object({
  object: mergeObjectRef,
  /** Unsaved edits to preview instead of the stored subject and body. */
  subject: z.string().max(500).optional(),
  body_html: z.string().max(200_000).optional(),
});
