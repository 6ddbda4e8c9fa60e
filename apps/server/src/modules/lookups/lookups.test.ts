import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { create, findByLabel, get, type Row, setupLookupsTests, t, tag } from './lookups-test-setup';

setupLookupsTests();

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
