import { describe, expect, it } from 'vitest';
import { submitBlockers } from './portal-review-submit-page';

const form = (name: string, progress: number | null, required = true) => ({
  form_id: crypto.randomUUID(),
  form_name: name,
  required,
  response_id: progress === null ? null : crypto.randomUUID(),
  progress,
  completed_on: null,
});
const type = (checked: boolean) => ({
  id: crypto.randomUUID(),
  application_type_id: crypto.randomUUID(),
  application_type_label: 'Initial',
  license_category_level_id: crypto.randomUUID(),
  level_label: 'EMT',
  checked,
});

describe('submitBlockers', () => {
  it('lists what is missing before a request can be submitted, in words', () => {
    expect(
      submitBlockers({
        application_types: [type(false), type(false)],
        forms: [form('Application', 1), form('Declaration', null), form('Optional survey', null, false)],
      }),
    ).toEqual([
      'Choose what you are applying for (an application type and level).',
      'Complete the form “Application”.',
      'Complete the form “Declaration”.',
    ]);
  });

  it('is empty when a type is chosen and every required form is completed', () => {
    expect(submitBlockers({ application_types: [type(true)], forms: [form('Application', 2)] })).toEqual([]);
  });
});
