// Ids of another enterprise that were stored as sent (issue 23 item 5): each attack as the finding
// describes it, refused with a 400 naming the field, and nothing of it stored.
import { randomUUID } from 'node:crypto';
import {
  certifications,
  complaints,
  dataChangeLog,
  documents,
  fbResponses,
  ipChecklists,
  ipInspections,
  licenseScheduledTasks,
  licenses,
  referenceTables,
  users,
} from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFilesTestContext } from '../../modules/clinicians/test-helpers';
import { createResponse, uploadFile } from '../../modules/documents/test-fixtures';
import { humanCheckAnswer } from '../../modules/public-site/test-human-check';
import { createOtherEnterprise, type OtherEnterprise } from '../other-enterprise';
import type { TestContext } from '../test-app';

let t: TestContext;
let other: OtherEnterprise;

beforeAll(async () => {
  t = await createFilesTestContext();
  other = await createOtherEnterprise(t);
});
afterAll(async () => t?.close());

/** Whether the change log holds the id anywhere: every write is logged, so a stored id shows there. */
async function logged(id: string): Promise<boolean> {
  const rows = await t.database.db
    .select({ id: dataChangeLog.id })
    .from(dataChangeLog)
    .where(
      sql`coalesce(${dataChangeLog.after}::text, '') || coalesce(${dataChangeLog.before}::text, '') like ${`%${id}%`}`,
    )
    .limit(1);
  return rows.length > 0;
}

const refused = (res: { statusCode: number; body: string; json(): unknown }, field: string) => {
  expect(res.statusCode, res.body).toBe(400);
  expect((res.json() as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty(field);
};

describe("another enterprise's ids that were stored as sent", () => {
  it("refuse attaching a document to another enterprise's inspection or complaint", async () => {
    const doc = await uploadFile(t, t.admin);
    for (const [kind, table] of [
      ['inspection', ipInspections],
      ['complaint', complaints],
    ] as const) {
      const foreign = await other.rowOf(table);
      const res = await t.call(t.admin, {
        method: 'POST',
        url: '/api/Documents/createDocumentObject',
        payload: { documentID: doc, value: foreign, data_object: kind },
      });
      refused(res, 'value');
      expect(await logged(foreign)).toBe(false);
    }
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc));
    expect([row?.inspection_id, row?.complaint_id, row?.data_object_id]).toEqual([null, null, null]);
  });

  it("refuse pointing a document's record at another enterprise's record", async () => {
    const doc = await uploadFile(t, t.admin);
    const foreign = await other.rowOf(licenses);
    const res = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/Documents/${doc}`,
      payload: { document: { data_object_id: foreign } },
    });
    refused(res, 'data_object_id');
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc));
    expect(row?.data_object_id).toBeNull();
  });

  it("refuse a credential in another enterprise's certification status", async () => {
    const [license] = await t.database.db
      .insert(licenses)
      .values({ enterprise_id: t.enterpriseId, name: `EMT ${randomUUID().slice(0, 6)}`, entity: 'user' })
      .returning();
    const foreign = await other.rowOf(referenceTables.license_category_certification_statuses);
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/certifications',
      payload: {
        certification: {
          license_id: license!.id,
          user_id: t.applicant.userId,
          number: `N-${randomUUID().slice(0, 6)}`,
          status: 'active',
          certification_status_id: foreign,
        },
      },
    });
    refused(res, 'certification_status_id');
    const stored = await t.database.db
      .select({ id: certifications.id })
      .from(certifications)
      .where(eq(certifications.certification_status_id, foreign));
    expect(stored).toEqual([]);
  });

  it("refuse a form response answering another enterprise's checklist", async () => {
    const { form } = await createResponse(t, { userId: t.applicant.userId });
    const foreign = await other.rowOf(ipChecklists);
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/fbresponses',
      payload: {
        response: { form_id: form.id, user_id: t.applicant.userId, questions: [] },
        checklistID: foreign,
      },
    });
    refused(res, 'checklistID');
    const stored = await t.database.db
      .select({ id: fbResponses.id })
      .from(fbResponses)
      .where(eq(fbResponses.checklist_id, foreign));
    expect(stored).toEqual([]);
  });

  it("refuse a scheduled task creating alerts of another enterprise's alert type", async () => {
    const foreign = await other.rowOf(referenceTables.alert_types);
    const name = `Expiring ${randomUUID().slice(0, 6)}`;
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenseScheduledTasks',
      payload: {
        license_scheduled_task: {
          name,
          create_alerts: [{ alert_type_id: foreign, value: 'Renew soon' }],
        },
      },
    });
    refused(res, 'create_alerts.0.alert_type_id');
    const stored = await t.database.db
      .select({ id: licenseScheduledTasks.id })
      .from(licenseScheduledTasks)
      .where(eq(licenseScheduledTasks.name, name));
    expect(stored).toEqual([]);
  });

  it("refuse a public complaint filed under another enterprise's category", async () => {
    const foreign = await other.rowOf(referenceTables.complaint_categories);
    const res = await t.call(null, {
      method: 'POST',
      url: '/api/complaints/file',
      payload: {
        complaint: {
          complaint_category_id: foreign,
          subject_name: 'Lakeside Ambulance',
          description: 'The crew arrived late.',
          complainant_first_name: 'Pat',
          complainant_last_name: 'Lee',
          complainant_email: 'pat@example.org',
        },
        recaptchaToken: await humanCheckAnswer(t, 'complaint'),
      },
    });
    refused(res, 'complaint_category_id');
    const stored = await t.database.db
      .select({ id: complaints.id })
      .from(complaints)
      .where(eq(complaints.complaint_category_id, foreign));
    expect(stored).toEqual([]);
  });

  it("refuse a licence level of another enterprise's certification level", async () => {
    const foreign = await other.rowOf(referenceTables.certification_levels);
    const categoryId = randomUUID();
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/licenses',
      payload: {
        license: { name: `Paramedic ${randomUUID().slice(0, 6)}`, entity: 'user' },
        license_categories: [{ id: categoryId, label: 'Paramedic' }],
        license_category_levels: [
          { license_category_id: categoryId, label: 'Level 1', certification_level_id: foreign },
        ],
      },
    });
    refused(res, 'license_category_levels.0.certification_level_id');
    expect(await logged(foreign)).toBe(false);
  });

  it("refuse a person's gender of another enterprise, or a code of another list", async () => {
    const foreign = await other.rowOf(referenceTables.data_elements);
    const put = (gender_id: string) =>
      t.call(t.admin, {
        method: 'PUT',
        url: `/api/users/${t.reviewer.userId}`,
        payload: { user: { first_name: 'Test', last_name: 'Person', gender_id } },
      });
    refused(await put(foreign), 'gender_id');
    const e = referenceTables.data_elements;
    const [race] = await t.database.db
      .select({ id: e.id })
      .from(e)
      .where(sql`${e.enterprise_id} = ${t.enterpriseId} and ${e.data_section_name} = 'race'`)
      .limit(1);
    refused(await put(String(race?.id)), 'gender_id');
    const [female] = await t.database.db
      .select({ id: e.id })
      .from(e)
      .where(sql`${e.enterprise_id} = ${t.enterpriseId} and ${e.data_section_name} = 'gender'`)
      .limit(1);
    const ok = await put(String(female?.id));
    expect(ok.statusCode, ok.body).toBe(200);
    const [row] = await t.database.db
      .select({ gender: users.gender_id })
      .from(users)
      .where(eq(users.id, t.reviewer.userId));
    expect(row?.gender).toBe(female?.id);
  });
});
