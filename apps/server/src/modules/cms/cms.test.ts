import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, createTestContext, type TestContext } from '../../test/test-app';
import { parentIsSelf } from './cms-page-hooks';

let t: TestContext;
let editor: Caller;
let configReader: Caller;
beforeAll(async () => {
  t = await createTestContext();
  [editor, configReader] = await Promise.all([
    t.createCaller(['configuration.read', 'cms.write']),
    t.createCaller(['configuration.read', 'lookups.write']),
  ]);
}, 60_000);
afterAll(async () => t?.close());

type Page = Record<string, unknown> & { id: string };
const tag = () => randomUUID().slice(0, 6);

async function createPage(input: Record<string, unknown>): Promise<Page> {
  const res = await t.call(editor, { method: 'POST', url: '/api/CMSPages', payload: { cms_page: input } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Page;
}

describe('CMS pages', () => {
  it('stores content sanitised and serves a published page to anyone by its slug', async () => {
    const s = tag();
    const page = await createPage({
      label: `Contact ${s}`,
      slug: `contact-${s}`,
      published: true,
      content:
        '<h2>Contact us</h2><p style="color:red;text-align:center">Call <a href="javascript:alert(1)">us</a> or <a href="https://example.gov">write</a></p><img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>',
    });
    expect(page.content).toBe(
      '<h2>Contact us</h2><p style="text-align:center">Call <a rel="noopener noreferrer">us</a> or <a href="https://example.gov" rel="noopener noreferrer">write</a></p>',
    );
    const res = await t.call(null, { method: 'GET', url: `/api/public/cms/pages/contact-${s}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: page.id,
      label: `Contact ${s}`,
      slug: `contact-${s}`,
      content: page.content,
    });
    expect(res.json()).not.toHaveProperty('enterprise_id');

    const put = await t.call(editor, {
      method: 'PUT',
      url: `/api/CMSPages/${page.id}`,
      payload: { cms_page: { content: '<p>New<script>x()</script></p>' } },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().content).toBe('<p>New</p>');
  });

  it('does not serve drafts, inactive pages, unknown slugs or other input', async () => {
    const s = tag();
    await createPage({ label: `Draft ${s}`, slug: `draft-${s}`, published: false, content: '<p>secret</p>' });
    await createPage({ label: `Gone ${s}`, slug: `gone-${s}`, published: true, active: false });
    for (const slug of [`draft-${s}`, `gone-${s}`, `nothing-${s}`]) {
      const res = await t.call(null, { method: 'GET', url: `/api/public/cms/pages/${slug}` });
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    const bad = await t.call(null, {
      method: 'GET',
      url: `/api/public/cms/pages/${encodeURIComponent("x' or 1=1--")}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('slug');
  });

  it('refuses a page that is its own parent, and a bad slug, naming the field', async () => {
    const s = tag();
    const page = await createPage({ label: `Self ${s}`, slug: `self-${s}` });
    const res = await t.call(editor, {
      method: 'PUT',
      url: `/api/CMSPages/${page.id}`,
      payload: { cms_page: { parent_id: page.id } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.parent_id).toBe(parentIsSelf);
    const badSlug = await t.call(editor, {
      method: 'POST',
      url: '/api/CMSPages',
      payload: { cms_page: { label: `Bad ${s}`, slug: 'Not A Slug' } },
    });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json().error.fields).toHaveProperty('slug');
  });

  it('lets only web editors write the site (cms.write), staff with configuration.read read it', async () => {
    const s = tag();
    const payload = { cms_page: { label: `Nope ${s}`, slug: `nope-${s}` } };
    expect((await t.call(null, { method: 'POST', url: '/api/CMSPages', payload })).statusCode).toBe(401);
    expect((await t.call(configReader, { method: 'POST', url: '/api/CMSPages', payload })).statusCode).toBe(
      403,
    );
    expect((await t.call(t.applicant, { method: 'GET', url: '/api/CMSPages' })).statusCode).toBe(403);
    expect((await t.call(configReader, { method: 'GET', url: '/api/CMSPages' })).statusCode).toBe(200);
    const site = { cms_site: { label: `Site ${s}`, host: 'example.gov' } };
    expect(
      (await t.call(configReader, { method: 'POST', url: '/api/CMSSites', payload: site })).statusCode,
    ).toBe(403);
    expect((await t.call(editor, { method: 'POST', url: '/api/CMSSites', payload: site })).statusCode).toBe(
      201,
    );
    const portal = { portal_page: { label: `Portal ${s}`, route: `/p-${s}`, is_public: true } };
    expect(
      (await t.call(editor, { method: 'POST', url: '/api/PortalPages', payload: portal })).statusCode,
    ).toBe(201);
    expect((await t.call(editor, { method: 'GET', url: `/api/CMSPages/${randomUUID()}` })).statusCode).toBe(
      404,
    );
  });

  it('previews content as it would be stored', async () => {
    const res = await t.call(editor, {
      method: 'POST',
      url: '/api/cms/preview',
      payload: { content: '<p>Hi<script>x()</script></p>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ content: '<p>Hi</p>' });
    expect(
      (await t.call(null, { method: 'POST', url: '/api/cms/preview', payload: { content: '' } })).statusCode,
    ).toBe(401);
    expect(
      (await t.call(configReader, { method: 'POST', url: '/api/cms/preview', payload: { content: '' } }))
        .statusCode,
    ).toBe(403);
    const bad = await t.call(editor, { method: 'POST', url: '/api/cms/preview', payload: { content: 5 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toHaveProperty('content');
  });
});
