import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { licenseId, passed, processId, setupRequestRoutesTests, start, t } from './request-routes-test-setup';

setupRequestRoutesTests();

describe('the remaining answers of the request routes', () => {
  it('lists a person’s own requests, and answers 400, 401 and 403 on the smaller routes', async () => {
    const req = (await start(t.applicant)).json();
    const own = await t.call(t.applicant, {
      method: 'GET',
      url: `/api/LicenseRequests/getByUserID?user_id=${t.applicant.userId}`,
    });
    expect(own.json().map((r: { id: string }) => r.id)).toContain(req.id);
    const mine = await t.call(t.applicant, { method: 'GET', url: '/api/LicenseRequests/mine' });
    expect(mine.json().map((r: { id: string }) => r.id)).toContain(req.id);

    const anonymous = [
      ['GET', `/api/LicenseRequests/getByUserID?user_id=${t.applicant.userId}`],
      ['GET', '/api/LicenseRequests/mine'],
      ['GET', `/api/LicensingModule/LicenseRequest?license_id=${licenseId}`],
      ['GET', `/api/LicenseRequests/getTrainingValidationDates?id=${req.id}`],
      ['GET', `/api/LicenseRequests/getXML?id=${req.id}`],
      ['GET', '/api/LicenseRequests/counts'],
      ['POST', '/api/LicenseRequests/submit'],
      ['POST', '/api/LicenseRequests/setCurrentTriggerCount'],
      ['POST', '/api/licenserequestprocessstatuses/processchange'],
    ] as const;
    for (const [method, url] of anonymous)
      expect((await t.call(null, { method, url, payload: {} })).statusCode, url).toBe(401);

    const forbidden = [
      ['GET', `/api/LicenseRequests/getXML?id=${req.id}`, undefined],
      ['GET', '/api/LicenseRequests/counts', undefined],
      ['POST', '/api/LicenseRequests/setCurrentTriggerCount', { licenseRequestID: req.id, count: 1 }],
      [
        'POST',
        '/api/licenserequestprocessstatuses/processchange',
        { licenseRequestID: req.id, processID: processId, statusID: passed },
      ],
      ['POST', '/api/LicenseRequests/approve', { licenseRequestID: req.id }],
    ] as const;
    for (const [method, url, payload] of forbidden)
      expect((await t.call(t.applicant, { method, url, payload })).statusCode, url).toBe(403);

    const negative = await t.call(t.admin, {
      method: 'POST',
      url: '/api/LicenseRequests/setCurrentTriggerCount',
      payload: { licenseRequestID: req.id, count: -1 },
    });
    expect(negative.json().error.fields).toHaveProperty(['count']);
    expect(
      (await t.call(t.admin, { method: 'POST', url: '/api/LicenseRequests/submit', payload: {} })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: '/api/LicenseRequests/getTrainingValidationDates?id=nope',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.call(t.admin, {
          method: 'GET',
          url: `/api/LicenseRequests/getTrainingValidationDates?id=${randomUUID()}`,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call(t.admin, {
          method: 'POST',
          url: '/api/LicenseRequests/setCurrentTriggerCount',
          payload: { licenseRequestID: randomUUID(), count: 1 },
        })
      ).statusCode,
    ).toBe(404);
  });
});
