// Contracts of the payments module: checkout, gateways, vouchers and the transaction ledger (issue 13).
import { z } from 'zod';
import { timestamp } from './paging';
import { id } from './shared-fields';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) => z.preprocess(blankToUndefined, id(name).optional());
const cents = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number of cents` })
    .int(`${name} must be whole cents`)
    .min(1, `${name} must be at least 1 cent`)
    .max(100_000_000, `${name} must be 1,000,000.00 or less`);
const text = (name: string, max: number) =>
  z.string().trim().max(max, `${name} must be ${max} characters or fewer`);

/** The gateways an enterprise may configure (test: the app's own hosted page, for the demo and tests). */
export const paymentGatewayKinds = ['test', 'cybersource', 'elavon'] as const;
export type PaymentGatewayKind = (typeof paymentGatewayKinds)[number];

/** Offline methods staff record by hand, with a reference number. */
export const manualPaymentMethods = ['check', 'money_order', 'cash'] as const;
export const paymentMethods = [...paymentGatewayKinds, ...manualPaymentMethods, 'direct', 'voucher'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  test: 'Card (test gateway)',
  cybersource: 'Card (CyberSource)',
  elavon: 'Card (Elavon)',
  check: 'Check',
  money_order: 'Money order',
  cash: 'Cash',
  direct: 'Direct payment',
  voucher: 'Voucher',
};

export const transactionStates = ['pending', 'settled', 'declined', 'abandoned', 'voided'] as const;
export type TransactionState = (typeof transactionStates)[number];

/** Items of a basket: licence request ids, comma separated in a query (`items=a,b`) or repeated. */
export const basketItems = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter((s) => s.trim() !== '') : v),
  z
    .array(id('items'), { message: 'items must list licence request ids' })
    .min(1, 'items must name at least one licence request')
    .max(50, 'items must name 50 requests or fewer'),
);

export const totalsQuery = z.object({ items: basketItems });

const totalLine = z.object({
  license_request_id: z.uuid(),
  license_name: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  amount_cents: z.number().int(),
  paid: z.boolean(),
});

/** GetLicenseRequestTotals: what a basket owes, charge by charge, less what is paid and vouchered. */
export const basketTotals = z.object({
  items: z.array(
    z.object({
      license_request_id: z.uuid(),
      license_name: z.string().nullable(),
      charges_cents: z.number().int(),
      paid_cents: z.number().int(),
      voucher_cents: z.number().int(),
      due_cents: z.number().int(),
    }),
  ),
  charges: z.array(totalLine),
  charges_cents: z.number().int(),
  paid_cents: z.number().int(),
  voucher_cents: z.number().int(),
  due_cents: z.number().int(),
});
export type BasketTotals = z.infer<typeof basketTotals>;

export const paymentOption = z.object({ value: z.string(), label: z.string() });
export const paymentOptions = z.array(paymentOption);

/** getAttributes: what the payment screen needs to know of the configured gateway (no secrets). */
export const paymentAttributes = z.object({
  gateway: z.enum(paymentGatewayKinds),
  currency: z.string(),
  /** Where the signed form is posted (the hosted checkout page). */
  checkout_url: z.string(),
  profile_id: z.string().nullable(),
  access_key: z.string().nullable(),
  locale: z.string(),
});
export type PaymentAttributes = z.infer<typeof paymentAttributes>;

/** Messages of checkout (shown as the API answers them). */
export const paymentMessages = {
  noCardPayments:
    'Card payments are not available. Pay by check or in person at the office; staff record it.',
  testPayments: 'Test payments: no money is taken',
  separatorInField: (name: string) => `The field ${name} cannot contain a comma or an equals sign.`,
  answerNotSigned: 'The payment answer is not signed by the gateway.',
} as const;

/** GetSessionDataForPayment: the payer and the requests waiting for payment. */
export const sessionDataForPayment = z.object({
  user_id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  /** The enterprise's card gateway; null when it takes no card payments. */
  gateway: z.enum(paymentGatewayKinds).nullable(),
  /** The gateway is the local test gateway: no money is taken (every payment page says so). */
  test_payments: z.boolean(),
  /** How to pay when there is no card gateway: the message and the office (enterprise name, address). */
  pay_otherwise: z.object({ message: z.string(), office: z.string() }).nullable(),
  payable: z.array(
    z.object({
      license_request_id: z.uuid(),
      license_name: z.string().nullable(),
      due_cents: z.number().int(),
    }),
  ),
});
export type SessionDataForPayment = z.infer<typeof sessionDataForPayment>;

/** Fields of a CyberSource Secure Acceptance form: names and values as the gateway documents them. */
export const signedFields = z.record(
  z.string().regex(/^[a-z0-9_]{1,64}$/, 'Field names are lower-case letters, digits and underscores'),
  z.string().max(2048, 'A field value must be 2048 characters or fewer'),
);
export type SignedFields = z.infer<typeof signedFields>;

export const signBody = z.object({ fields: signedFields });
export const signedForm = z.object({
  /** Where the browser posts the fields. */
  url: z.string(),
  transaction_id: z.uuid(),
  fields: signedFields,
});
export type SignedForm = z.infer<typeof signedForm>;

/** preSaveCyberSource: opens a pending payment for a basket and answers its signed form. */
export const preSaveBody = z.object({
  fields: signedFields.optional(),
  args: z.object({
    items: basketItems,
    /** A retry with the same key answers the same pending payment (no second attempt). */
    idempotency_key: text('idempotency_key', 100).min(8, 'idempotency_key must be 8 characters or more'),
  }),
});

/** directPayment and manual payments by staff: money taken outside a gateway. */
export const paymentInput = z.object({
  items: basketItems,
  method: z.enum([...manualPaymentMethods, 'direct'], {
    message: 'method must be check, money_order, cash or direct',
  }),
  /** Default: everything the basket owes. */
  amount_cents: cents('amount_cents').optional(),
  reference_number: z.preprocess(
    blankToUndefined,
    text('reference_number', 100).min(1, 'reference_number must not be empty').optional(),
  ),
  note: z.preprocess(blankToUndefined, text('note', 2000).optional()),
  idempotency_key: text('idempotency_key', 100).min(8, 'idempotency_key must be 8 characters or more'),
});
export type PaymentInput = z.infer<typeof paymentInput>;
export const directPaymentBody = z.object({ payment: paymentInput });

/** elavon/pay: a basket, and the key that makes a retried call answer the same token. */
export const elavonPayBody = z.object({
  payment: z.object({
    items: basketItems,
    idempotency_key: text('idempotency_key', 100).min(8, 'idempotency_key must be 8 characters or more'),
  }),
});
export const hostedRedirect = z.object({ url: z.string(), transaction_id: z.uuid() });

export const transactionOutput = z.object({
  id: z.uuid(),
  user_id: z.uuid().nullable(),
  payer_name: z.string().nullable(),
  kind: z.enum(['payment', 'refund']),
  method: z.string(),
  method_label: z.string(),
  state: z.enum(transactionStates),
  transaction_status_id: z.uuid().nullable(),
  transaction_status: z.string().nullable(),
  amount_cents: z.number().int(),
  currency: z.string(),
  reference_number: z.string().nullable(),
  /** The receipt's number (RCPT-2026-000123), given when the money moved; null until then. */
  receipt_number: z.string().nullable(),
  refund_of_id: z.uuid().nullable(),
  /** A payment: what has been refunded of it so far. */
  refunded_cents: z.number().int(),
  voucher_id: z.uuid().nullable(),
  note: z.string().nullable(),
  license_request_ids: z.array(z.uuid()),
  settled_at: timestamp.nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type TransactionOutput = z.infer<typeof transactionOutput>;

/** POST transactions (staff record a payment in the ledger) and PUT transactions/{id}. */
export const transactionInput = z.object({
  user_id: optionalId('user_id'),
  license_request_ids: z.array(id('license_request_ids')).max(50).optional(),
  method: z.enum([...manualPaymentMethods, 'direct'], {
    message: 'method must be check, money_order, cash or direct',
  }),
  amount_cents: cents('amount_cents'),
  reference_number: z.preprocess(blankToUndefined, text('reference_number', 100).optional()),
  transaction_status_id: optionalId('transaction_status_id'),
  note: z.preprocess(blankToUndefined, text('note', 2000).optional()),
});
/** An update changes only what does not move money: reference, status and note. */
export const transactionPatch = z.object({
  reference_number: z.preprocess(blankToUndefined, text('reference_number', 100).optional()),
  transaction_status_id: optionalId('transaction_status_id'),
  note: z.preprocess(blankToUndefined, text('note', 2000).optional()),
});

export const refundBody = z.object({
  refund: z.object({
    /** Default: everything not yet refunded. */
    amount_cents: cents('amount_cents').optional(),
    reason: text('reason', 2000).min(1, 'reason is required'),
    idempotency_key: text('idempotency_key', 100).min(8, 'idempotency_key must be 8 characters or more'),
  }),
});

export const voucherInput = z.object({
  code: text('code', 64).min(1, 'code is required'),
});
export const voucherBody = z.object({ voucher: voucherInput });
export const voucherOutput = z.object({
  id: z.uuid(),
  code: z.string(),
  user_id: z.uuid().nullable(),
  /** The person it is for (staff lists); null for anyone holding the code. */
  person_name: z.string().nullable().optional(),
  /** What it pays, in cents; null for a share voucher. */
  amount_cents: z.number().int().nullable(),
  /** The share of what a request owes it pays (1-100); null for an amount voucher. */
  percent: z.number().int().nullable(),
  max_uses: z.number().int(),
  use_count: z.number().int(),
  /** false: deactivated by staff. */
  active: z.boolean(),
  license_request_id: z.uuid().nullable(),
  expires_on: z.string().nullable(),
  /** Every use is spent. */
  used: z.boolean(),
  /** When it was last used. */
  used_at: timestamp.nullable(),
  used_transaction_id: z.uuid().nullable(),
  note: z.string().nullable(),
  /** SaveElement: the voucher covers everything the request owes, so LicenseVoucherCharge settles it. */
  covers_all: z.boolean().optional(),
  /** LicenseVoucherCharge: what this use of it paid. */
  charged_cents: z.number().int().optional(),
  created_at: timestamp.optional(),
  updated_at: timestamp.optional(),
});
export type VoucherOutput = z.infer<typeof voucherOutput>;

const voucherNote = z.preprocess(blankToUndefined, text('note', 2000).optional());
const voucherExpiry = z.preprocess(
  blankToUndefined,
  z.iso.date({ message: 'expires_on must be a date (YYYY-MM-DD)' }).optional(),
);

/**
 * POST vouchers (staff issue one): a code, an amount in cents or a share in percent (one of them),
 * how many times it may be used, until when, and for whom (a person, or anyone holding the code).
 */
export const voucherIssueInput = z.object({
  code: text('code', 64)
    .min(3, 'code must be 3 characters or more')
    .regex(/^[A-Za-z0-9_-]*$/, 'code may hold only letters, digits, - and _'),
  amount_cents: z.preprocess(blankToUndefined, cents('amount_cents').optional()),
  percent: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'percent must be a number' })
      .int('percent must be a whole number')
      .min(1, 'percent must be between 1 and 100')
      .max(100, 'percent must be between 1 and 100')
      .optional(),
  ),
  max_uses: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'max_uses must be a number' })
      .int('max_uses must be a whole number')
      .min(1, 'max_uses must be at least 1')
      .max(100_000, 'max_uses must be 100,000 or less')
      .default(1),
  ),
  expires_on: voucherExpiry,
  user_id: optionalId('user_id'),
  note: voucherNote,
});
export type VoucherIssueInput = z.infer<typeof voucherIssueInput>;
/** PUT vouchers/{id}: deactivate (or reactivate), move the expiry, note. What it pays stays. */
export const voucherPatch = z.object({
  active: z.boolean({ message: 'active must be true or false' }).optional(),
  expires_on: voucherExpiry,
  note: voucherNote,
});

/** Staff recording a payment: a person's requests that still owe money. */
export const payableQuery = z.object({ user_id: id('user_id') });
export const payableRequests = z.object({
  user_id: z.uuid(),
  person_name: z.string().nullable(),
  payable: z.array(
    z.object({
      license_request_id: z.uuid(),
      license_name: z.string().nullable(),
      review_state: z.string().nullable(),
      created_at: timestamp,
      charges_cents: z.number().int(),
      due_cents: z.number().int(),
    }),
  ),
});
export type PayableRequests = z.infer<typeof payableRequests>;

export const existingVouchersQuery = z.object({ user_id: optionalId('user_id') });

export const financeReportQuery = z.object({
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }),
  method: z.preprocess(blankToUndefined, z.enum(paymentMethods).optional()),
});
export const financeReport = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(transactionOutput),
  byMethod: z.array(
    z.object({
      method: z.string(),
      method_label: z.string(),
      payments_cents: z.number().int(),
      refunds_cents: z.number().int(),
      net_cents: z.number().int(),
      count: z.number().int(),
    }),
  ),
  payments_cents: z.number().int(),
  refunds_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type FinanceReport = z.infer<typeof financeReport>;

/** Dollars and cents for people: 12345 -> "$123.45". */
export const formatCents = (c: number) =>
  `${c < 0 ? '-' : ''}$${(Math.abs(c) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
