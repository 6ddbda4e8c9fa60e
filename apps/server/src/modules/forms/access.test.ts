import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

describe('every route of the module', () => {
  const id = randomUUID();
  const routes: [string, string][] = [
    ['GET', '/api/fbforms'],
    ['GET', '/api/fbforms/getCount'],
    ['GET', `/api/fbforms/${id}`],
    ['POST', '/api/fbforms'],
    ['PUT', `/api/fbforms/${id}`],
    ['DELETE', `/api/fbforms/${id}`],
    ['GET', '/api/fbforms/available'],
    ['GET', `/api/fbforms/getAccess?form_id=${id}`],
    ['POST', '/api/fbforms/saveAccess'],
    ['POST', '/api/fbforms/createview'],
    ['GET', `/api/fbforms/reimbursementrules/${id}`],
    ['PUT', '/api/fbforms/updateFormResponseDocumentTypeHistorically'],
    ['GET', '/api/fbquestions'],
    ['GET', '/api/fbquestions/getCount'],
    ['GET', `/api/fbquestions/${id}`],
    ['POST', '/api/fbquestions'],
    ['PUT', `/api/fbquestions/${id}`],
    ['DELETE', `/api/fbquestions/${id}`],
    ['GET', '/api/fbconditions'],
    ['GET', '/api/fbconditions/getCount'],
    ['GET', `/api/fbconditions/${id}`],
    ['POST', '/api/fbconditions'],
    ['PUT', `/api/fbconditions/${id}`],
    ['DELETE', `/api/fbconditions/${id}`],
    ['GET', '/api/FBPackages'],
    ['GET', '/api/FBPackages/getCount'],
    ['GET', `/api/FBPackages/${id}`],
    ['POST', '/api/FBPackages'],
    ['PUT', `/api/FBPackages/${id}`],
    ['DELETE', `/api/FBPackages/${id}`],
  ];
  it.each(routes)('%s %s answers 401 without a session', async (method, url) => {
    const res = await t.call(null, {
      method: method as 'GET',
      url,
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthenticated');
  });
  it.each(routes.filter(([, url]) => !url.includes('available')))(
    '%s %s answers 403 to staff without the forms permissions',
    async (method, url) => {
      const res = await t.call(t.nobody, {
        method: method as 'GET',
        url,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode).toBe(403);
    },
  );
  it('answers 400 to a bad paging query', async () => {
    for (const url of [
      '/api/fbforms/getCount',
      '/api/fbquestions',
      '/api/fbconditions/getCount',
      '/api/FBPackages',
    ])
      expect((await t.call(t.admin, { method: 'GET', url: `${url}?currentPage=0` })).statusCode, url).toBe(
        400,
      );
  });
});
