import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, enterpriseId, id, updatedAt } from './columns';
import { licenseRequests } from './forms';
import { users } from './platform';

/**
 * The payment ledger: one row a payment or refund, amounts in integer cents (always positive; a
 * refund's `kind` says which way the money went). Never hard-deleted.
 */
export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    /** Whose money: the applicant who pays (and sees it in the portal). */
    user_id: uuid('user_id').references(() => users.id),
    kind: text('kind').$type<'payment' | 'refund'>().notNull().default('payment'),
    /** test, cybersource, elavon, check, money_order, cash, direct, voucher. */
    method: text('method').notNull(),
    /** pending (sent to a gateway), settled, declined, abandoned, voided. */
    state: text('state')
      .$type<'pending' | 'settled' | 'declined' | 'abandoned' | 'voided'>()
      .notNull()
      .default('pending'),
    /** The enterprise's transaction status (Pending, Paid, Failed, Refunded, Voided) the triggers act on. */
    transaction_status_id: uuid('transaction_status_id'),
    amount_cents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    /** A check or money order number, or the gateway's own transaction id. */
    reference_number: text('reference_number'),
    /**
     * The receipt's number people read (RCPT-2026-000123): taken from the enterprise's receipt auto
     * number of the year when the money moves, in the same transaction; unique in the enterprise.
     */
    receipt_number: text('receipt_number'),
    /** A refund: the payment it gives money back from. */
    refund_of_id: uuid('refund_of_id'),
    voucher_id: uuid('voucher_id'),
    note: text('note'),
    recorded_by: uuid('recorded_by').references(() => users.id),
    settled_at: timestamp('settled_at', { withTimezone: true, mode: 'date' }),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    delete_reason: text('delete_reason'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('transactions_enterprise_idx').on(t.enterprise_id, t.created_at),
    index('transactions_user_idx').on(t.user_id),
    index('transactions_refund_of_idx').on(t.refund_of_id),
    index('transactions_settled_idx').on(t.enterprise_id, t.settled_at),
    uniqueIndex('transactions_receipt_number_key').on(t.enterprise_id, t.receipt_number),
  ],
);

/** How much of a transaction goes to each licence request of the basket (negative for refunds). */
export const transactionAllocations = pgTable(
  'transaction_allocations',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    license_request_id: uuid('license_request_id')
      .notNull()
      .references(() => licenseRequests.id),
    amount_cents: integer('amount_cents').notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index('transaction_allocations_transaction_idx').on(t.transaction_id),
    index('transaction_allocations_request_idx').on(t.license_request_id),
  ],
);

/**
 * One attempt to take a payment: its idempotency key is unique, so a retried call or a replayed gateway
 * notification finds the attempt already there and records nothing twice.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    transaction_id: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id),
    idempotency_key: text('idempotency_key').notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's answer: ACCEPT, DECLINE, CANCEL, ERROR, REVIEW (null while waiting). */
    decision: text('decision'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    created_at: createdAt(),
    decided_at: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('payment_attempts_key').on(t.enterprise_id, t.idempotency_key),
    index('payment_attempts_transaction_idx').on(t.transaction_id),
  ],
);

/**
 * A voucher staff issue: pays an amount (amount_cents) or a share (percent) of what a request owes,
 * up to max_uses times, until it expires or is deactivated; for one person, or anyone holding the code.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    code: text('code').notNull(),
    /** The person it was issued to (null: anyone holding the code). */
    user_id: uuid('user_id').references(() => users.id),
    /** What it pays, in cents; null for a share voucher. */
    amount_cents: integer('amount_cents'),
    /** The share of what a request owes it pays (1-100); null for an amount voucher. */
    percent: integer('percent'),
    max_uses: integer('max_uses').notNull().default(1),
    use_count: integer('use_count').notNull().default(0),
    /** false: deactivated by staff, no longer usable. */
    active: boolean('active').notNull().default(true),
    /** The request it was saved against (SaveElement), before it is charged. */
    license_request_id: uuid('license_request_id').references(() => licenseRequests.id),
    expires_on: text('expires_on'),
    used_at: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    used_transaction_id: uuid('used_transaction_id'),
    note: text('note'),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('vouchers_code_key').on(t.enterprise_id, sql`lower(${t.code})`),
    index('vouchers_user_idx').on(t.user_id),
    check('vouchers_amount_or_share', sql`(${t.amount_cents} is null) <> (${t.percent} is null)`),
    check('vouchers_uses', sql`${t.max_uses} >= 1 and ${t.use_count} between 0 and ${t.max_uses}`),
  ],
);

/** The enterprise's payment gateway: which one, its public settings and its secret key. */
export const paymentGateways = pgTable(
  'payment_gateways',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    /** test (the local hosted page), cybersource, elavon. */
    gateway: text('gateway').notNull().default('test'),
    settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
    secret_key: text('secret_key').notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('payment_gateways_enterprise_key').on(t.enterprise_id)],
);
