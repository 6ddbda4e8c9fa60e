import { randomUUID } from 'node:crypto';
import type { FormOutput } from '@licensure/contracts';
import { fb_elements, fb_form_types, fbResponses } from '@licensure/db';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Caller, TestContext } from '../../test/test-app';

export const tag = () => randomUUID().slice(0, 8);

/** A two-page form: a radio question on page 1, and a group on page 2 shown when it is answered "yes". */
export function sampleForm(name = `Form ${tag()}`) {
  const ids = {
    page1: randomUUID(),
    page2: randomUUID(),
    group1: randomUUID(),
    group2: randomUUID(),
    name: randomUUID(),
    radio: randomUUID(),
    yes: randomUUID(),
    no: randomUUID(),
    detail: randomUUID(),
    hours: randomUUID(),
    signature: randomUUID(),
    condition: randomUUID(),
    rule: randomUUID(),
  };
  const form = {
    name,
    description: 'A sample form',
    pages: [
      {
        id: ids.page1,
        title: 'Page one',
        groups: [
          {
            id: ids.group1,
            title: 'About you',
            questions: [
              { id: ids.name, kind: 'short_text', label: 'Your name', required: true },
              {
                id: ids.radio,
                kind: 'radio',
                label: 'Certified elsewhere?',
                options: [
                  { id: ids.yes, label: 'Yes' },
                  { id: ids.no, label: 'No' },
                ],
              },
              { id: ids.hours, kind: 'number', label: 'Training hours', min: 0 },
            ],
          },
        ],
      },
      {
        id: ids.page2,
        title: 'Page two',
        groups: [
          {
            id: ids.group2,
            title: 'Elsewhere',
            questions: [
              { id: ids.detail, kind: 'short_text', label: 'Which state?' },
              { id: ids.signature, kind: 'signature', label: 'Signature', required: true },
            ],
          },
        ],
      },
    ],
    conditions: [
      {
        id: ids.condition,
        target_group_id: ids.group2,
        source_question_id: ids.radio,
        operator: 'equals',
        value: ids.yes,
      },
    ],
    reimbursement_rules: [
      {
        id: ids.rule,
        question_id: ids.hours,
        description: 'Per training hour',
        amount: 12.5,
        max_amount: 500,
      },
    ],
  };
  return { form, ids };
}
export type SampleForm = ReturnType<typeof sampleForm>['form'];

export async function createForm(
  t: TestContext,
  form: unknown,
  caller: Caller = t.admin,
): Promise<FormOutput> {
  const res = await t.call(caller, { method: 'POST', url: '/api/fbforms', payload: { form } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as FormOutput;
}

export async function getForm(t: TestContext, id: string, query = ''): Promise<FormOutput> {
  const res = await t.call(t.admin, { method: 'GET', url: `/api/fbforms/${id}${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FormOutput;
}

/** A response row on the form's current version, as the responses module would write it. */
export async function insertResponse(t: TestContext, formId: string, version: number, userId?: string) {
  const [row] = await t.database.db
    .insert(fbResponses)
    .values({
      enterprise_id: t.enterpriseId,
      form_id: formId,
      form_version: version,
      user_id: userId ?? null,
    })
    .returning();
  if (!row) throw new Error('response not inserted');
  return row;
}

export async function formTypeId(t: TestContext, label: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: fb_form_types.id })
    .from(fb_form_types)
    .where(and(eq(fb_form_types.enterprise_id, t.enterpriseId), eq(fb_form_types.label, label)));
  if (!row) throw new Error(`no form type ${label}`);
  return row.id as string;
}

export async function elementId(t: TestContext, code: string): Promise<string> {
  const [row] = await t.database.db
    .select({ id: fb_elements.id })
    .from(fb_elements)
    .where(and(eq(fb_elements.enterprise_id, t.enterpriseId), eq(fb_elements.code, code)));
  if (!row) throw new Error(`no element ${code}`);
  return row.id as string;
}
