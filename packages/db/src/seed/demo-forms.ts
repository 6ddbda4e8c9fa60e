import { randomUUID } from 'node:crypto';
import type { QuestionKind } from '@licensure/contracts';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { fbConditions, fbForms, fbGroups, fbPages, fbQuestions } from '../schema/forms';
import { document_types, fb_elements, fb_form_types } from '../schema/reference';

type Row = Record<string, unknown> & { label: string };

/** How each question kind is named in the builder's palette, in palette order. */
const questionTypeLabels: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  number: 'Number',
  date: 'Date',
  select: 'Drop-down list',
  multi_select: 'Multiple choice (several answers)',
  radio: 'Single choice (radio buttons)',
  checkbox: 'Checkbox',
  yes_no: 'Yes or no',
  email: 'E-mail address',
  phone: 'Phone number',
  address: 'Address',
  element_choice: 'Choice from a data list',
  file: 'File upload',
  signature: 'Signature',
  instructions: 'Instructions (read only)',
};

/** Form builder lists every enterprise starts with: question types, form types, elements. */
export function formReferenceData(): Record<'fb_question_types' | 'fb_form_types' | 'fb_elements', Row[]> {
  const elements: [string, 'user' | 'service' | 'vehicle', string][] = [
    ['Person: first name', 'user', 'first_name'],
    ['Person: last name', 'user', 'last_name'],
    ['Person: e-mail', 'user', 'email'],
    ['Person: phone', 'user', 'phone'],
    ['Person: birth date', 'user', 'birth_date'],
    ['Service: name', 'service', 'name'],
    ['Service: number', 'service', 'service_number'],
    ['Vehicle: VIN / serial number', 'vehicle', 'serial_number'],
    ['Vehicle: make', 'vehicle', 'make'],
    ['Vehicle: model', 'vehicle', 'model'],
  ];
  return {
    fb_question_types: Object.entries(questionTypeLabels).map(([kind, label], i) => ({
      label,
      kind,
      code: kind.toUpperCase(),
      sort_order: i + 1,
    })),
    fb_form_types: ['Application', 'Inspection checklist', 'Exam skill sheet', 'Survey'].map((label, i) => ({
      label,
      sort_order: i + 1,
    })),
    fb_elements: elements.map(([label, entity, field_name], i) => ({
      label,
      code: `${entity}.${field_name}`,
      entity,
      field_name,
      sort_order: i + 1,
    })),
  };
}

async function idByLabel(
  tx: Tx,
  table: typeof fb_form_types | typeof document_types,
  enterpriseId: string,
  label: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.enterprise_id, enterpriseId), eq(table.label, label)))
    .limit(1);
  return (row?.id as string | undefined) ?? null;
}

/**
 * The demo's "Demo initial application": two pages; a group shown only to applicants certified in
 * another state, with a file upload; a declaration with a required signature.
 */
export async function seedDemoForms(tx: Tx, enterpriseId: string): Promise<{ formId: string }> {
  const elementRows = await tx
    .select({ id: fb_elements.id, code: fb_elements.code })
    .from(fb_elements)
    .where(eq(fb_elements.enterprise_id, enterpriseId));
  const element = (code: string) =>
    (elementRows.find((e) => e.code === code)?.id as string | undefined) ?? null;

  const [form] = await tx
    .insert(fbForms)
    .values({
      enterprise_id: enterpriseId,
      name: 'Demo initial application',
      description: 'Apply for your first EMS certification.',
      form_type_id: await idByLabel(tx, fb_form_types, enterpriseId, 'Application'),
      applicant_access: 'edit',
    })
    .returning();
  if (!form) throw new Error('demo form not created');
  const base = { enterprise_id: enterpriseId, form_id: form.id };

  const [aboutYou, documentsPage] = [randomUUID(), randomUUID()];
  await tx.insert(fbPages).values([
    { ...base, id: aboutYou, title: 'About you', sort_order: 0 },
    { ...base, id: documentsPage, title: 'Documents and declaration', sort_order: 1 },
  ]);
  const groups = {
    details: randomUUID(),
    certification: randomUUID(),
    otherState: randomUUID(),
    declaration: randomUUID(),
  };
  await tx.insert(fbGroups).values([
    {
      ...base,
      id: groups.details,
      page_id: aboutYou,
      title: 'Your details',
      populate_entity: 'user',
      sort_order: 0,
    },
    { ...base, id: groups.certification, page_id: aboutYou, title: 'Your certification', sort_order: 1 },
    {
      ...base,
      id: groups.otherState,
      page_id: documentsPage,
      title: 'Certification from another state',
      description: 'Shown because you hold a certification from another state.',
      sort_order: 0,
    },
    { ...base, id: groups.declaration, page_id: documentsPage, title: 'Declaration', sort_order: 1 },
  ]);

  const yes = randomUUID();
  const otherStateQuestion = randomUUID();
  const counts = new Map<string, number>();
  const q = (group: string, kind: QuestionKind, label: string, extra: Record<string, unknown> = {}) => {
    const sort_order = counts.get(group) ?? 0;
    counts.set(group, sort_order + 1);
    return { ...base, id: randomUUID(), group_id: group, kind, label, sort_order, ...extra };
  };
  const certificateType = await idByLabel(tx, document_types, enterpriseId, 'National registry card');
  await tx.insert(fbQuestions).values([
    q(groups.details, 'short_text', 'First name', { required: true, element_id: element('user.first_name') }),
    q(groups.details, 'short_text', 'Last name', { required: true, element_id: element('user.last_name') }),
    q(groups.details, 'email', 'E-mail address', { required: true, element_id: element('user.email') }),
    q(groups.details, 'phone', 'Phone number', { element_id: element('user.phone') }),
    q(groups.details, 'date', 'Date of birth', { required: true, element_id: element('user.birth_date') }),
    {
      ...q(groups.certification, 'radio', 'Do you hold an EMS certification from another state?', {
        required: true,
        options: [
          { id: yes, label: 'Yes' },
          { id: randomUUID(), label: 'No' },
        ],
      }),
      id: otherStateQuestion,
    },
    q(groups.otherState, 'short_text', 'State that issued it', { required: true }),
    q(groups.otherState, 'short_text', 'Certification number', { required: true }),
    q(groups.otherState, 'file', 'Copy of the certification card', {
      required: true,
      help_text: 'A PDF or a photo of both sides.',
      document_type_id: certificateType,
    }),
    q(
      groups.declaration,
      'instructions',
      'By signing you declare that the information you gave is true and complete.',
    ),
    q(groups.declaration, 'checkbox', 'I confirm that the information above is correct', { required: true }),
    q(groups.declaration, 'signature', 'Signature', { required: true }),
  ]);
  await tx.insert(fbConditions).values({
    ...base,
    target_group_id: groups.otherState,
    source_question_id: otherStateQuestion,
    operator: 'equals',
    value: yes,
  });
  return { formId: form.id };
}
