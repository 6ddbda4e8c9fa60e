import { randomUUID } from 'node:crypto';
import { pageObjects } from '@licensure/contracts';
import { createEnterprise, processes, processStatuses } from '@licensure/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

type Row = Record<string, unknown> & { id: string; label: string };

const get = (url: string, caller: typeof t.admin | null = t.reviewer) =>
  t.call(caller, { method: 'GET', url });

async function create(path: string, wrapper: string, input: Record<string, unknown>): Promise<Row> {
  const res = await t.call(t.admin, { method: 'POST', url: `/api/${path}`, payload: { [wrapper]: input } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Row;
}

async function findByLabel(path: string, label: string): Promise<Row> {
  const res = await get(`/api/${path}?search=${encodeURIComponent(label)}&numPerPage=50`, t.admin);
  const row = (res.json().items as Row[]).find((r) => r.label === label);
  if (!row) throw new Error(`${path}: no ${label}`);
  return row;
}

const tag = () => randomUUID().slice(0, 6);

describe('access of every lookup route', () => {
  const routes: [string, 'public' | 'lookups.read' | 'configuration.read'][] = [
    ['/api/CMSPages/getmenu', 'public'],
    ['/api/Core/OtherDocumentTypes', 'lookups.read'],
    ['/api/InspectionDatasets', 'lookups.read'],
    ['/api/criminalhistory/getuserstatuses', 'lookups.read'],
    ['/api/Core/PageObjects', 'lookups.read'],
    ['/api/regions/getAbbreviation', 'lookups.read'],
    [`/api/GetStylesheetContent?id=${randomUUID()}`, 'configuration.read'],
    [`/api/Statuses?ProcessID=${randomUUID()}`, 'configuration.read'],
    ['/api/EducationModule/GetSelfEnteredCourseFields', 'lookups.read'],
    [`/api/Core/UserStatus/${randomUUID()}/LockedMessage`, 'public'],
    ['/api/gnis/states', 'lookups.read'],
    ['/api/gnis/counties?state=TX', 'lookups.read'],
    ['/api/gnis/places?state=TX&county=453', 'lookups.read'],
    ['/api/fipslookup?postalCode=78701', 'lookups.read'],
    ['/api/traininglocations', 'lookups.read'],
  ];

  it.each(routes)('%s (%s)', async (url, access) => {
    const anonymous = await get(url, null);
    const nobody = await get(url, t.nobody);
    if (access === 'public') {
      expect(anonymous.statusCode).not.toBe(401);
      expect(nobody.statusCode).not.toBe(403);
      expect(anonymous.statusCode).toBe(nobody.statusCode);
    } else {
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.code).toBe('unauthenticated');
      expect(nobody.statusCode).toBe(403);
      expect(nobody.json().error.code).toBe('forbidden');
      // The portal template holds lookups.read, not configuration.read.
      const portal = (await get(url, t.applicant)).statusCode;
      if (access === 'lookups.read') expect([200, 404]).toContain(portal);
      else expect(portal).toBe(403);
    }
  });
});

describe('GET CMSPages/getmenu', () => {
  type Node = { id: string; label: string; slug: string; children: Node[] };
  const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);

  it('nests the published pages of the portal under their parents, in order', async () => {
    const site = await create('CMSSites', 'cms_site', { label: 'Public portal', host: 'portal.example.gov' });
    const page = (label: string, slug: string, extra: Record<string, unknown> = {}) =>
      create('CMSPages', 'cms_page', { label, slug, cms_site_id: site.id, published: true, ...extra });
    const home = await page('Home', 'home', { sort_order: 1 });
    const about = await page('About us', 'about', { sort_order: 2 });
    const team = await page('Our team', 'team', { parent_id: about.id, sort_order: 2 });
    const history = await page('History', 'history', { parent_id: about.id, sort_order: 1 });
    const founders = await page('Founders', 'founders', { parent_id: history.id });
    await page('Draft child', 'draft-child', { parent_id: about.id, published: false });
    const drafts = await page('Drafts', 'drafts', { sort_order: 3, published: false });
    const orphan = await page('Orphan', 'orphan', { sort_order: 4, parent_id: drafts.id });
    await page('Retired', 'retired', { sort_order: 5, active: false });

    const res = await get('/api/CMSPages/getmenu', null);
    expect(res.statusCode).toBe(200);
    const leaf = (n: Row) => ({ id: n.id, label: n.label, slug: n.slug, children: [] });
    expect(res.json()).toEqual([
      leaf(home),
      {
        ...leaf(about),
        children: [{ ...leaf(history), children: [leaf(founders)] }, leaf(team)],
      },
      // A page whose parent is not published hangs at the top.
      leaf(orphan),
    ]);
    expect((await get('/api/CMSPages/getmenu', t.applicant)).json()).toEqual(res.json());
  });

  it('shows every published page once even when parents form a cycle', async () => {
    const page = (label: string, slug: string, extra: Record<string, unknown> = {}) =>
      create('CMSPages', 'cms_page', { label, slug, published: true, sort_order: 10, ...extra });
    const s = tag();
    const a = await page(`Cycle A ${s}`, `cycle-a-${s}`);
    const b = await page(`Cycle B ${s}`, `cycle-b-${s}`, { parent_id: a.id });
    const c = await page(`Cycle C ${s}`, `cycle-c-${s}`, { parent_id: b.id });
    const closed = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/CMSPages/${a.id}`,
      payload: { cms_page: { parent_id: c.id } },
    });
    expect(closed.statusCode).toBe(200);
    const self = await page(`Self parent ${s}`, `self-${s}`);
    await t.call(t.admin, {
      method: 'PUT',
      url: `/api/CMSPages/${self.id}`,
      payload: { cms_page: { parent_id: self.id } },
    });

    const res = await get('/api/CMSPages/getmenu', null);
    expect(res.statusCode).toBe(200);
    const roots = res.json() as Node[];
    const all = flatten(roots).map((n) => n.id);
    expect(new Set(all).size).toBe(all.length);
    for (const p of [a, b, c, self]) expect(all).toContain(p.id);
    expect(roots.map((n) => n.id)).toContain(self.id);
    // The cycle is cut once: one of its pages is at the top, holding the other two.
    const top = roots.find((n) => [a.id, b.id, c.id].includes(n.id))!;
    expect(
      flatten([top])
        .map((n) => n.id)
        .sort(),
    ).toEqual([a.id, b.id, c.id].sort());
  });
});

describe('GET Core/OtherDocumentTypes', () => {
  it('lists the active document types marked as other documents', async () => {
    const res = await get('/api/Core/OtherDocumentTypes');
    expect(res.statusCode).toBe(200);
    const seeded = res.json() as Row[];
    expect(seeded.map((r) => r.label)).toEqual(['Other']);
    expect(seeded[0]).toMatchObject({ is_other: true, enterprise_id: t.enterpriseId, active: true });

    const s = tag();
    const letter = await create('documenttypes', 'document_type', {
      label: `Reference letter ${s}`,
      is_other: true,
      sort_order: 1,
    });
    await create('documenttypes', 'document_type', {
      label: `Old letter ${s}`,
      is_other: true,
      active: false,
    });
    await create('documenttypes', 'document_type', { label: `Not other ${s}`, is_other: false });
    const after = (await get('/api/Core/OtherDocumentTypes')).json() as Row[];
    expect(after.map((r) => r.id)).toEqual([letter.id, seeded[0]!.id]);
  });
});

describe('GET InspectionDatasets', () => {
  it('lists the inspection data sets, optionally of one entity', async () => {
    const person = await findByLabel('entities', 'Person');
    const service = await findByLabel('entities', 'Service');
    const s = tag();
    const personChecklist = await create('datasets', 'dataset', {
      label: `Person checklist ${s}`,
      entity_id: person.id,
      is_inspection: true,
      sort_order: 2,
    });
    const ambulance = await create('datasets', 'dataset', {
      label: `Ambulance checklist ${s}`,
      entity_id: service.id,
      is_inspection: true,
      sort_order: 1,
    });
    await create('datasets', 'dataset', {
      label: `Service roster ${s}`,
      entity_id: service.id,
      is_inspection: false,
    });

    const all = await get('/api/InspectionDatasets');
    expect(all.statusCode).toBe(200);
    expect((all.json() as Row[]).map((r) => r.id)).toEqual([ambulance.id, personChecklist.id]);
    const forService = await get(`/api/InspectionDatasets?entityId=${service.id}`);
    expect(forService.statusCode).toBe(200);
    expect(forService.json()).toHaveLength(1);
    expect(forService.json()[0]).toMatchObject({
      id: ambulance.id,
      entity_id: service.id,
      is_inspection: true,
    });
    expect((await get(`/api/InspectionDatasets?entityId=${randomUUID()}`)).json()).toEqual([]);
  });

  it('answers 400 for a bad entityId', async () => {
    const res = await get('/api/InspectionDatasets?entityId=person');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.entityId).toBe('entityId must be a valid id');
  });
});

describe('GET criminalhistory/getuserstatuses', () => {
  it('merges the defaults with the enterprise list, each status once', async () => {
    const added = await create('dataelements', 'data_element', {
      data_section_name: 'criminal_history_status',
      label: 'Deferred adjudication',
      code: 'DEFERRED',
      sort_order: 4,
    });
    expect(added.data_section_name).toBe('criminal_history_status');
    await create('dataelements', 'data_element', {
      data_section_name: 'gender',
      label: `Not a status ${tag()}`,
    });

    const res = await get('/api/criminalhistory/getuserstatuses');
    expect(res.statusCode).toBe(200);
    const statuses = res.json() as { code: string | null; label: string }[];
    for (const label of ['Pending', 'Conviction', 'Absolved']) {
      expect(
        statuses.filter((s) => s.label.toLowerCase() === label.toLowerCase()),
        label,
      ).toEqual([{ code: label.toUpperCase(), label }]);
    }
    expect(statuses).toContainEqual({ code: 'DEFERRED', label: 'Deferred adjudication' });
    expect(statuses).toHaveLength(4);
    expect(statuses.map((s) => s.label)).not.toContain(expect.stringContaining('Not a status'));

    // A default the enterprise retired from its list is still offered, once.
    const absolved = (
      await get('/api/dataelements?data_section_name=criminal_history_status&search=Absolved')
    ).json().items[0] as Row;
    const retired = await t.call(t.admin, {
      method: 'PUT',
      url: `/api/dataelements/${absolved.id}`,
      payload: { data_element: { active: false } },
    });
    expect(retired.statusCode).toBe(200);
    const merged = (await get('/api/criminalhistory/getuserstatuses')).json() as {
      code: string | null;
      label: string;
    }[];
    expect(merged.filter((s) => s.label === 'Absolved')).toEqual([{ code: 'ABSOLVED', label: 'Absolved' }]);
    expect(merged).toHaveLength(4);
  });
});

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
