import {
  type PaymentMethod,
  paymentMethodLabels,
  paymentMethods,
  type TransactionOutput,
  transactionInput,
  transactionOutput,
  transactionPatch,
  transactionStates,
} from '@licensure/contracts';
import { licenseRequests, transaction_statuses, transactions, users } from '@licensure/db';
import { and, eq, inArray, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/record-change';
import { badRequest } from '../../platform/http/errors';
import { selfOrPermission } from '../../platform/permissions/policies';
import { ownRows } from '../../platform/permissions/scopes';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { basketRequests } from './basket';
import { settlePayment, statusId } from './settle-payment';

const iso = (v: unknown) =>
  v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v);

/** Staff holding this see every transaction; an applicant only their own. */
export const transactionScope = ownRows(transactions.user_id, ['payments.read']);

export const transactionColumns: Record<string, SQLWrapper> = {
  payer_name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
  transaction_status: sql<string | null>`${transaction_statuses.label}`,
  refunded_cents: sql<number>`(select cast(coalesce(sum(r.amount_cents), 0) as integer) from transactions r
    where r.refund_of_id = ${transactions.id} and r.state = 'settled' and r.deleted_at is null)`,
  // Settled money names the requests it was allocated to; a pending payment the basket of its attempt.
  license_request_ids: sql<string[]>`coalesce(
    (select array_agg(distinct a.license_request_id::text) from transaction_allocations a
      where a.transaction_id = ${transactions.id}),
    (select array(select jsonb_array_elements_text(p.response->'items')) from payment_attempts p
      where p.transaction_id = ${transactions.id} order by p.created_at limit 1),
    '{}')`,
};

export const joinTransactionNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(users, eq(users.id, transactions.user_id))
    .leftJoin(transaction_statuses, eq(transaction_statuses.id, transactions.transaction_status_id));

export function presentTransaction(t: Row): TransactionOutput {
  const s = (k: string) => (t[k] as string | null | undefined) ?? null;
  const method = t.method as string;
  return {
    id: t.id as string,
    user_id: s('user_id'),
    payer_name: s('payer_name'),
    kind: t.kind as 'payment' | 'refund',
    method,
    method_label: paymentMethodLabels[method as PaymentMethod] ?? method,
    state: t.state as TransactionOutput['state'],
    transaction_status_id: s('transaction_status_id'),
    transaction_status: s('transaction_status'),
    amount_cents: Number(t.amount_cents),
    currency: (t.currency as string | undefined) ?? 'USD',
    reference_number: s('reference_number'),
    receipt_number: s('receipt_number'),
    refund_of_id: s('refund_of_id'),
    refunded_cents: Number(t.refunded_cents ?? 0),
    voucher_id: s('voucher_id'),
    note: s('note'),
    license_request_ids: ((t.license_request_ids as string[] | null) ?? []).map(String),
    settled_at: iso(t.settled_at),
    created_at: iso(t.created_at) ?? '',
    updated_at: iso(t.updated_at) ?? '',
  };
}

/**
 * A payment staff record in the ledger (a check, money order, cash, direct): it names the requests it
 * pays, is written pending and settled in the same transaction by the after-change hook.
 */
async function transactionValues(input: Row, ctx: HookContext): Promise<Row> {
  if (ctx.operation !== 'create') {
    const { reference_number, transaction_status_id, note } = input;
    return {
      reference_number: reference_number ?? null,
      transaction_status_id: transaction_status_id ?? null,
      note: note ?? null,
    };
  }
  const ids = (input.license_request_ids as string[] | undefined) ?? [];
  if (ids.length === 0)
    throw badRequest({ license_request_ids: 'Name the licence requests this payment is for.' });
  const requests = await basketRequests(ctx.tx, ctx.auth, ctx.enterpriseId, ids, true);
  return {
    ...input,
    user_id: input.user_id ?? requests[0]?.user_id ?? null,
    kind: 'payment',
    state: 'pending',
    transaction_status_id: await statusId(ctx.tx, ctx.enterpriseId, 'Pending'),
    recorded_by: ctx.auth?.userId ?? null,
  };
}

async function settleRecorded(row: Row, ctx: HookContext & { input: Row }): Promise<void> {
  if (ctx.operation !== 'create') return;
  const ids = (ctx.input.license_request_ids as string[]) ?? [];
  const requests = await ctx.tx
    .select()
    .from(licenseRequests)
    .where(and(inArray(licenseRequests.id, ids), eq(licenseRequests.enterprise_id, ctx.enterpriseId)))
    .orderBy(licenseRequests.created_at, licenseRequests.id);
  await settlePayment(ctx.tx, actorOf(ctx.request), String(row.id), requests);
}

/** The payment ledger (`{transaction: {...}}`): payments and refunds, never hard-deleted. */
export const transactionResource: Resource = {
  path: 'transactions',
  entity: 'transactions',
  wrapper: 'transaction',
  singular: 'transaction',
  tags: ['payments'],
  table: transactions,
  read: selfOrPermission('payments.read', 'not_found'),
  write: 'payments.write',
  input: transactionInput,
  patch: transactionPatch,
  output: transactionOutput,
  present: presentTransaction,
  columns: transactionColumns,
  joins: joinTransactionNames,
  filters: {
    user_id: { column: transactions.user_id, schema: z.uuid({ message: 'user_id must be a valid id' }) },
    method: {
      column: transactions.method,
      schema: z.enum(paymentMethods, { message: 'method is not a payment method' }),
    },
    state: {
      column: transactions.state,
      schema: z.enum(transactionStates, { message: 'state is not a transaction state' }),
    },
    refund_of_id: {
      column: transactions.refund_of_id,
      schema: z.uuid({ message: 'refund_of_id must be a valid id' }),
    },
    kind: {
      column: transactions.kind,
      schema: z.enum(['payment', 'refund'], { message: 'kind must be payment or refund' }),
    },
    // The ledger by day (UTC), inclusive at both ends, on when money moved (or the attempt, if it never did).
    from: {
      column: transactions.created_at,
      schema: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }),
      where: (v) =>
        sql`(coalesce(${transactions.settled_at}, ${transactions.created_at}) at time zone 'UTC')::date >= cast(${v} as date)`,
    },
    to: {
      column: transactions.created_at,
      schema: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }),
      where: (v) =>
        sql`(coalesce(${transactions.settled_at}, ${transactions.created_at}) at time zone 'UTC')::date <= cast(${v} as date)`,
    },
    license_request_id: {
      column: transactions.id,
      schema: z.uuid({ message: 'license_request_id must be a valid id' }),
      where: (v) =>
        sql`exists (select 1 from transaction_allocations a where a.transaction_id = ${transactions.id} and a.license_request_id = ${v})`,
    },
  },
  search: [
    transactions.receipt_number,
    transactions.reference_number,
    transactions.note,
    users.last_name,
    users.first_name,
  ],
  sort: {
    created_at: transactions.created_at,
    settled_at: transactions.settled_at,
    amount_cents: transactions.amount_cents,
    method: transactions.method,
    payer_name: sql`lower(${users.last_name})`,
  },
  defaultSort: 'created_at',
  scope: transactionScope,
  refs: {
    user_id: { table: users, what: 'person' },
    transaction_status_id: { table: transaction_statuses, what: 'transaction status' },
    license_request_ids: { table: licenseRequests, what: 'licence request' },
  },
  softDelete: { reason: true },
  hooks: { validate: transactionValues, afterChange: settleRecorded },
};
