import { voucherIssueInput, voucherOutput, voucherPatch } from '@licensure/contracts';
import { users, vouchers } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../../platform/http/errors';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { presentVoucher } from './vouchers';

type VoucherRow = typeof vouchers.$inferSelect;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * What a voucher staff issue may be: an amount or a share (one of them), an expiry not already past.
 * An update changes only whether it is active, its expiry and its note: what it pays stays.
 */
function voucherValues(input: Row, ctx: HookContext): Row {
  const expires = input.expires_on as string | undefined;
  if (ctx.operation === 'create') {
    const hasAmount = input.amount_cents !== undefined;
    const hasShare = input.percent !== undefined;
    if (!hasAmount && !hasShare)
      throw badRequest({ amount_cents: 'Give the amount the voucher pays, or its share in percent.' });
    if (hasAmount && hasShare)
      throw badRequest({ percent: 'A voucher pays an amount or a share, not both: leave one empty.' });
  }
  if (expires !== undefined && expires < today() && expires !== ctx.before?.expires_on)
    throw badRequest({ expires_on: 'expires_on must be today or later.' });
  if (ctx.operation === 'create')
    return {
      ...input,
      code: String(input.code).trim(),
      amount_cents: input.amount_cents ?? null,
      percent: input.percent ?? null,
      user_id: input.user_id ?? null,
      expires_on: expires ?? null,
      note: input.note ?? null,
    };
  return input;
}

/** Vouchers staff issue and deactivate (`{voucher: {...}}`); applicants use them through VoucherPay. */
export const voucherResource: Resource = {
  path: 'vouchers',
  entity: 'vouchers',
  wrapper: 'voucher',
  singular: 'voucher',
  tags: ['payments'],
  table: vouchers,
  read: 'payments.read',
  write: 'payments.write',
  // Never deleted: a voucher is deactivated, and its uses stay in the ledger.
  routes: { delete: false },
  input: voucherIssueInput,
  patch: voucherPatch,
  output: voucherOutput,
  present: (row) => presentVoucher(row as VoucherRow & { person_name: string | null }),
  columns: {
    person_name: sql<
      string | null
    >`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
  },
  joins: (q: JoinableQuery): JoinableQuery => q.leftJoin(users, eq(users.id, vouchers.user_id)),
  filters: {
    user_id: { column: vouchers.user_id, schema: z.uuid({ message: 'user_id must be a valid id' }) },
    active: { column: vouchers.active },
  },
  search: [vouchers.code, vouchers.note, users.last_name, users.first_name],
  sort: {
    created_at: vouchers.created_at,
    code: sql`lower(${vouchers.code})`,
    expires_on: vouchers.expires_on,
    person_name: sql`lower(${users.last_name})`,
  },
  defaultSort: 'created_at',
  refs: { user_id: { table: users, what: 'person' } },
  unique: { vouchers_code_key: 'code' },
  hooks: { validate: voucherValues },
};
