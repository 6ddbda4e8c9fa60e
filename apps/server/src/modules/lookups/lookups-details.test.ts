import { randomUUID } from 'node:crypto';
import { pageObjects } from '@licensure/contracts';
import { createEnterprise, processes, processStatuses } from '@licensure/db';
import { describe, expect, it } from 'vitest';
import { create, findByLabel, get, type Row, setupLookupsTests, t, tag } from './lookups-test-setup';

setupLookupsTests();

describe('GET Core/PageObjects', () => {
  it('lists the screens of the web app', async () => {
    const res = await get('/api/Core/PageObjects', t.applicant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(pageObjects);
    expect(res.json()).toContainEqual({ key: 'signin', label: 'Sign in', path: '/signin', area: 'public' });
  });
});

describe('GET regions/getAbbreviation', () => {
  it("answers the enterprise's state", async () => {
    const res = await get('/api/regions/getAbbreviation');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ abbreviation: 'TX' });
  });
});

describe('GET GetStylesheetContent', () => {
  it('returns the XSLT text of a stylesheet', async () => {
    const content = [
      '<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform">',
      '  <xsl:template match="/"><h1><xsl:value-of select="licence/number"/></h1></xsl:template>',
      '</xsl:stylesheet>',
    ].join('\n');
    const sheet = await create('XSLTStylesheets', 'xslt_stylesheet', {
      label: `Licence card ${tag()}`,
      content,
    });
    const res = await get(`/api/GetStylesheetContent?id=${sheet.id}`, t.admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xslt+xml; charset=utf-8');
    expect(res.body).toBe(content);
  });

  it('answers 404 for an unknown stylesheet and 400 for a bad or missing id', async () => {
    const unknown = await get(`/api/GetStylesheetContent?id=${randomUUID()}`, t.admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const bad = await get('/api/GetStylesheetContent?id=12', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe('id must be a valid id');
    expect((await get('/api/GetStylesheetContent', t.admin)).statusCode).toBe(400);
  });
});

describe('GET Statuses', () => {
  it("lists one process's statuses in sort order", async () => {
    const db = t.database.db;
    const [renewal, initial] = await db
      .insert(processes)
      .values([
        { enterprise_id: t.enterpriseId, label: 'Renewal review' },
        { enterprise_id: t.enterpriseId, label: 'Initial review' },
      ])
      .returning();
    const rows = await db
      .insert(processStatuses)
      .values([
        {
          enterprise_id: t.enterpriseId,
          process_id: renewal!.id,
          label: 'Approved',
          sort_order: 2,
          is_final: true,
        },
        { enterprise_id: t.enterpriseId, process_id: renewal!.id, label: 'Submitted', sort_order: 1 },
        {
          enterprise_id: t.enterpriseId,
          process_id: renewal!.id,
          label: 'Archived',
          sort_order: 2,
          is_final: true,
        },
        { enterprise_id: t.enterpriseId, process_id: initial!.id, label: 'Received', sort_order: 0 },
      ])
      .returning();
    const res = await get(`/api/Statuses?ProcessID=${renewal!.id}`, t.admin);
    expect(res.statusCode).toBe(200);
    const statuses = res.json() as Row[];
    expect(statuses.map((s) => s.label)).toEqual(['Submitted', 'Approved', 'Archived']);
    expect(statuses.map((s) => s.id)).toEqual([rows[1]!.id, rows[0]!.id, rows[2]!.id]);
    expect(statuses[1]).toMatchObject({
      process_id: renewal!.id,
      is_final: true,
      enterprise_id: t.enterpriseId,
    });
    expect((await get(`/api/Statuses?processid=${initial!.id}`, t.admin)).statusCode).toBe(400);
    expect(
      (await get(`/api/Statuses?ProcessID=${initial!.id}`, t.admin)).json().map((s: Row) => s.label),
    ).toEqual(['Received']);
    expect((await get(`/api/Statuses?ProcessID=${randomUUID()}`, t.admin)).json()).toEqual([]);
  });

  it("does not show another enterprise's statuses", async () => {
    const db = t.database.db;
    const other = await db.transaction((tx) =>
      createEnterprise(tx, { name: 'Other state' }, { referenceData: false }),
    );
    const [process] = await db
      .insert(processes)
      .values({ enterprise_id: other.id, label: 'Foreign review' })
      .returning();
    await db
      .insert(processStatuses)
      .values({ enterprise_id: other.id, process_id: process!.id, label: 'Foreign status' });
    expect((await get(`/api/Statuses?ProcessID=${process!.id}`, t.admin)).json()).toEqual([]);
  });

  it('answers 400 for a bad or missing ProcessID', async () => {
    const bad = await get('/api/Statuses?ProcessID=first', t.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.ProcessID).toBe('ProcessID must be a valid id');
    expect((await get('/api/Statuses', t.admin)).statusCode).toBe(400);
  });
});

describe('GET EducationModule/GetSelfEnteredCourseFields', () => {
  it('lists the active custom fields of the self-entered course entity', async () => {
    const course = await findByLabel('entities', 'Self-entered course');
    expect(course.code).toBe('self_entered_course');
    const person = await findByLabel('entities', 'Person');
    const field = (entityId: string, values: Record<string, unknown>) =>
      create('entityenterprisefields', 'entity_enterprise_field', {
        entity_id: entityId,
        category: 'Course',
        field_type: 'text',
        ...values,
      });
    const hours = await field(course.id, {
      name: 'course_hours',
      label: 'Hours',
      field_type: 'number',
      required: true,
      sort_order: 2,
    });
    const provider = await field(course.id, { name: 'provider_name', label: 'Provider', sort_order: 1 });
    await field(course.id, { name: 'old_field', label: 'Old field', active: false });
    await field(person.id, { name: 'course_hours', label: 'Person field' });

    const res = await get('/api/EducationModule/GetSelfEnteredCourseFields', t.applicant);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        id: provider.id,
        name: 'provider_name',
        label: 'Provider',
        category: 'Course',
        field_type: 'text',
        required: false,
      },
      {
        id: hours.id,
        name: 'course_hours',
        label: 'Hours',
        category: 'Course',
        field_type: 'number',
        required: true,
      },
    ]);
  });
});

describe('GET Core/UserStatus/{id}/LockedMessage', () => {
  it('says whether a status locks the account, with its message, to anyone', async () => {
    const locked = await findByLabel('userstatuses', 'Locked');
    const res = await get(`/api/Core/UserStatus/${locked.id}/LockedMessage`, null);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      locked: true,
      locked_message: 'This account is locked. Contact the licensing office to unlock it.',
    });
    const active = await findByLabel('userstatuses', 'Active');
    expect((await get(`/api/Core/UserStatus/${active.id}/LockedMessage`, null)).json()).toEqual({
      locked: false,
      locked_message: null,
    });
  });

  it('answers 404 for an unknown status and 400 for a bad id', async () => {
    const unknown = await get(`/api/Core/UserStatus/${randomUUID()}/LockedMessage`, null);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('not_found');
    const bad = await get('/api/Core/UserStatus/locked/LockedMessage', null);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.id).toBe('id must be a valid id');
  });
});

describe('traininglocations', () => {
  it('clears a region_id that is not a valid id, on create and update', async () => {
    const s = tag();
    const created = await create('traininglocations', 'training_location', {
      label: `Fire academy ${s}`,
      city: 'Austin',
      region_id: 'not-a-guid',
    });
    expect(created.region_id).toBeNull();
    expect(created.city).toBe('Austin');

    const region = await create('regions', 'region', { label: `Central ${s}`, kind: 'region' });
    const withRegion = await create('traininglocations', 'training_location', {
      label: `EMS college ${s}`,
      region_id: region.id,
    });
    expect(withRegion.region_id).toBe(region.id);

    const updated = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/traininglocations/${withRegion.id}`,
      payload: { training_location: { region_id: 'undefined' } },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().region_id).toBeNull();
    const reread = await get(`/api/traininglocations/${withRegion.id}`);
    expect(reread.json().region_id).toBeNull();

    const numeric = await create('traininglocations', 'training_location', {
      label: `Hospital classroom ${s}`,
      region_id: 42,
    });
    expect(numeric.region_id).toBeNull();
  });

  it('still validates the other fields', async () => {
    const res = await t.call(t.admin, {
      method: 'POST',
      url: '/api/traininglocations',
      payload: { training_location: { label: `Bad ZIP ${tag()}`, postal_code: '123', region_id: 'nope' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.postal_code).toBe('Postal code must be 5 digits or ZIP+4');
    expect(res.json().error.fields).not.toHaveProperty('region_id');
  });
});
