// Contracts of the policies module: policies and protocols, their documents, who has read them and the
// published ones on the public site (issue 18).
import { z } from 'zod';
import { timestamp } from './paging';
import { id } from './shared-fields';

const blank = (v: unknown) => (v === '' ? null : v);
const optionalId = (name: string) => z.preprocess(blank, id(name).nullable().optional());
const text = (name: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ message: `${name} must be text` })
      .trim()
      .max(max, `${name} must be at most ${max} characters`)
      .nullable()
      .optional(),
  );
const isoDate = (name: string) =>
  z.preprocess(
    blank,
    z.iso
      .date({ message: `${name} must be a date (YYYY-MM-DD)` })
      .nullable()
      .optional(),
  );

/** What a classification says a policy is (policyclassifications' `type`). */
export const policyKinds = ['Policy', 'Protocol'] as const;
export type PolicyKind = (typeof policyKinds)[number];

export const policyMessages = {
  endBeforeEffective: 'end_date must be on or after effective_date',
  publishNeedsEffective: 'A published policy needs an effective date.',
  notPublished: 'Only a published policy can be acknowledged.',
  noDocument: 'The policy has no document.',
} as const;

/** `{policy: {...}}` of POST policies and PUT policies/{id}. `content` is rich text, stored sanitised. */
export const policyInput = z.object({
  title: z
    .string({ message: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(200, 'title must be at most 200 characters'),
  number: text('number', 40),
  policy_type_id: optionalId('policy_type_id'),
  policy_status_id: optionalId('policy_status_id'),
  policy_classification_id: optionalId('policy_classification_id'),
  summary: text('summary', 2000),
  content: z.preprocess(
    blank,
    z
      .string({ message: 'content must be text' })
      .max(200_000, 'content must be at most 200000 characters')
      .nullable()
      .optional(),
  ),
  effective_date: isoDate('effective_date'),
  end_date: isoDate('end_date'),
  published: z.boolean({ message: 'published must be true or false' }).optional(),
});
export type PolicyInput = z.infer<typeof policyInput>;

export const policyOutput = z.object({
  id: z.uuid(),
  title: z.string(),
  number: z.string().nullable(),
  policy_type_id: z.uuid().nullable(),
  policy_type: z.string().nullable(),
  policy_status_id: z.uuid().nullable(),
  policy_status: z.string().nullable(),
  policy_classification_id: z.uuid().nullable(),
  classification: z.string().nullable(),
  /** Policy or Protocol, from the classification. */
  kind: z.enum(policyKinds).nullable(),
  summary: z.string().nullable(),
  content: z.string().nullable(),
  effective_date: z.string().nullable(),
  end_date: z.string().nullable(),
  published: z.boolean(),
  published_at: timestamp.nullable(),
  document_id: z.uuid().nullable(),
  document_name: z.string().nullable(),
  acknowledgement_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PolicyOutput = z.infer<typeof policyOutput>;

/** One staff member who has read a policy (GET policies/{id}/acknowledgements). */
export const policyAcknowledgement = z.object({
  user_id: z.uuid(),
  name: z.string(),
  user_name: z.string().nullable(),
  acknowledged_at: timestamp,
});
export type PolicyAcknowledgement = z.infer<typeof policyAcknowledgement>;

/** What the public site shows of a published policy. */
export const publicPolicy = z.object({
  id: z.uuid(),
  title: z.string(),
  number: z.string().nullable(),
  kind: z.enum(policyKinds).nullable(),
  policy_type: z.string().nullable(),
  classification: z.string().nullable(),
  summary: z.string().nullable(),
  content: z.string().nullable(),
  effective_date: z.string().nullable(),
  end_date: z.string().nullable(),
  document_name: z.string().nullable(),
  /** In force today (effective on or before today); false for one published ahead of its date. */
  in_force: z.boolean(),
});
export type PublicPolicy = z.infer<typeof publicPolicy>;

export const publicPoliciesQuery = z.object({
  kind: z.enum(policyKinds, { message: 'kind must be Policy or Protocol' }).optional(),
});

/** PUT policies/{id}/document: the policy's document as a base64 data URL (a PDF, a Word file...). */
export const policyDocumentBody = z.object({
  name: z.string().trim().min(1, 'name is required').max(200, 'name must be at most 200 characters'),
  value: z
    .string({ message: 'value is required: the file as a base64 data URL' })
    .min(1, 'value is required: the file as a base64 data URL')
    .max(35_000_000),
});
export type PolicyDocumentBody = z.infer<typeof policyDocumentBody>;
