import { certifications, type Db } from '@licensure/db';
import type { Caller, TestContext } from '../../test/test-app';

/** The complaint lists an enterprise needs, made through the API as staff would: ids by name. */
export async function createComplaintLists(t: TestContext, admin: Caller) {
  const post = async (path: string, wrapper: string, body: Record<string, unknown>) => {
    const res = await t.call(admin, { method: 'POST', url: `/api/${path}`, payload: { [wrapper]: body } });
    if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return res.json().id as string;
  };
  const suffix = Math.random().toString(36).slice(2, 8);
  const autonumber = await post('autonumbers', 'autonumber', {
    label: `Complaints ${suffix}`,
    prefix: 'CMP-',
    next_number: 7,
    padding: 4,
  });
  return {
    autonumber,
    category: await post('ComplaintCategories', 'complaint_category', {
      label: `Patient care ${suffix}`,
      autonumber_id: autonumber,
    }),
    received: await post('ComplaintStatuses', 'complaint_status', {
      label: `Received ${suffix}`,
      sort_order: 1,
    }),
    investigating: await post('ComplaintStatuses', 'complaint_status', {
      label: `Under investigation ${suffix}`,
      sort_order: 2,
    }),
    closed: await post('ComplaintStatuses', 'complaint_status', {
      label: `Closed ${suffix}`,
      is_closed: true,
      sort_order: 3,
    }),
    interview: await post('ComplaintActivityTypes', 'complaint_activity_type', {
      label: `Interview ${suffix}`,
    }),
    records: await post('ComplaintActivityTypes', 'complaint_activity_type', {
      label: `Records review ${suffix}`,
    }),
    probationReports: await post('ComplaintMonitoringActions', 'complaint_monitoring_action', {
      label: `Quarterly reports ${suffix}`,
    }),
  };
}

/** An active credential of a person. */
export async function createCredential(db: Db, enterpriseId: string, userId: string, number: string) {
  const [c] = await db
    .insert(certifications)
    .values({ enterprise_id: enterpriseId, user_id: userId, number, status: 'active' })
    .returning();
  return c!;
}
