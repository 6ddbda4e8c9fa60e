import { type FormDefinition, formDefinition } from '@licensure/contracts';

/** Stable ids of the test form's parts. */
export const ids = {
  page1: '10000000-0000-4000-8000-000000000001',
  page2: '10000000-0000-4000-8000-000000000002',
  groupMain: '20000000-0000-4000-8000-000000000001',
  groupMilitary: '20000000-0000-4000-8000-000000000002',
  groupSign: '20000000-0000-4000-8000-000000000003',
  name: '30000000-0000-4000-8000-000000000001',
  veteran: '30000000-0000-4000-8000-000000000002',
  branch: '30000000-0000-4000-8000-000000000003',
  certifications: '30000000-0000-4000-8000-000000000004',
  birthDate: '30000000-0000-4000-8000-000000000005',
  licence: '30000000-0000-4000-8000-000000000006',
  signature: '30000000-0000-4000-8000-000000000007',
  optA: '40000000-0000-4000-8000-00000000000a',
  optB: '40000000-0000-4000-8000-00000000000b',
  optC: '40000000-0000-4000-8000-00000000000c',
  condition: '50000000-0000-4000-8000-000000000001',
} as const;

/** Two pages; the "Military service" group shows only when "Are you a veteran?" is yes. */
export function testForm(): FormDefinition {
  return formDefinition.parse({
    name: 'Renderer test form',
    pages: [
      {
        id: ids.page1,
        title: 'About you',
        groups: [
          {
            id: ids.groupMain,
            title: 'Your details',
            questions: [
              { id: ids.name, kind: 'short_text', label: 'Full name', required: true },
              { id: ids.veteran, kind: 'yes_no', label: 'Are you a veteran?' },
              {
                id: ids.certifications,
                kind: 'multi_select',
                label: 'Certifications held',
                options: [
                  { id: ids.optA, label: 'EMT' },
                  { id: ids.optB, label: 'Paramedic' },
                  { id: ids.optC, label: 'Instructor' },
                ],
              },
              { id: ids.birthDate, kind: 'date', label: 'Date of birth' },
            ],
          },
          {
            id: ids.groupMilitary,
            title: 'Military service',
            questions: [{ id: ids.branch, kind: 'short_text', label: 'Branch of service', required: true }],
          },
        ],
      },
      {
        id: ids.page2,
        title: 'Documents and signature',
        groups: [
          {
            id: ids.groupSign,
            title: 'Sign',
            questions: [
              { id: ids.licence, kind: 'file', label: 'Copy of your licence' },
              { id: ids.signature, kind: 'signature', label: 'Your signature', required: true },
            ],
          },
        ],
      },
    ],
    conditions: [
      {
        id: ids.condition,
        target_group_id: ids.groupMilitary,
        source_question_id: ids.veteran,
        operator: 'equals',
        value: 'yes',
      },
    ],
  });
}
