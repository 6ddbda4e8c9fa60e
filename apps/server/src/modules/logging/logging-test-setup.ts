// Shared setup of the logging tests: each test file builds its own app and database through it.
import { afterAll, beforeAll } from 'vitest';
import { type Change, recordChange } from '../../platform/audit/record-change';
import { createTestContext, type TestContext } from '../../test/test-app';

export let t: TestContext;
/** Builds this file's app on its own database (and what it needs) before its tests, and closes them after. */
export function setupLoggingTests(): void {
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(async () => t?.close());
}

export interface ChangeItem {
  id: string;
  enterprise_id: string;
  user_id: string | null;
  user_name: string | null;
  entity: string;
  object_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  changed_at: string;
}
export interface Page {
  items: ChangeItem[];
  total: number;
  currentPage: number;
  numPerPage: number;
}

/**
 * Records a change as a user of the test enterprise (or of another enterprise), each in its own
 * transaction. The log orders by the transaction time, which PGlite keeps to the millisecond, so each
 * change waits for the next millisecond to keep "newest first" unambiguous.
 */
export async function record(
  change: Change,
  userId: string | null = t.admin.userId,
  enterpriseId = t.enterpriseId,
) {
  await t.database.db.transaction((tx) => recordChange(tx, { userId, enterpriseId }, change));
  await new Promise((resolve) => setTimeout(resolve, 3));
}

export const get = (url: string, caller = t.admin) => t.call(caller, { method: 'GET', url });
