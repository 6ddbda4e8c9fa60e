import { mergeTemplates } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { fixtures } from '../registry/test-fixtures';
import { renderMergeTemplate } from './render-template';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('renderMergeTemplate', () => {
  it('merges a stored template against a real credential and its holder', async () => {
    const f = fixtures(t);
    const person = await f.person();
    const cert = await f.certification({
      user_id: person.id,
      number: 'EMT-42',
      expiration_date: '2027-01-31',
    });
    const [template] = await t.database.db
      .insert(mergeTemplates)
      .values({
        enterprise_id: t.enterpriseId,
        code: 'Certifications',
        merge_object: 'certification',
        name: 'Renewal reminder',
        subject: 'Your credential {{certification.number}}',
        body_html:
          '<p>Dear {{person.first_name}} {{person.last_name}},</p><p>{{certification.number}} expires on ' +
          '{{certification.expiration_date}}.</p><p>{{enterprise.name}}</p><script>x()</script>',
      })
      .returning();
    const out = await t.database.db.transaction((tx) =>
      renderMergeTemplate(tx, {
        enterpriseId: t.enterpriseId,
        templateId: template!.id,
        object: { kind: 'certification', id: cert.id },
      }),
    );
    expect(out.subject).toBe('Your credential EMT-42');
    expect(out.html).toBe(
      `<p>Dear ${person.first_name} ${person.last_name},</p><p>EMT-42 expires on 2027-01-31.</p><p>Test State EMS</p>`,
    );
    expect(out.text).toContain(`Dear ${person.first_name} ${person.last_name},`);
    expect(out.text).toContain('EMT-42 expires on 2027-01-31.');

    // A record of another enterprise, or none, is a 404; so is an unknown template.
    await expect(
      renderMergeTemplate(t.database.db, {
        enterpriseId: t.enterpriseId,
        templateId: template!.id,
        object: { kind: 'person', id: '00000000-0000-4000-8000-000000000001' },
      }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'The person was not found.' });
    await expect(
      renderMergeTemplate(t.database.db, {
        enterpriseId: t.enterpriseId,
        templateId: '00000000-0000-4000-8000-000000000001',
        object: { kind: 'person', id: person.id },
      }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'The merge template was not found.' });
  });
});
