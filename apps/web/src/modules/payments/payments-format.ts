import { formatCents, type TransactionOutput, type TransactionState } from '@licensure/contracts';

export { formatCents };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An amount typed by a person ("1,234.5", "$12", "0.07") in integer cents; null when it is not one. */
export function parseDollars(text: string): number | null {
  const t = text.trim().replace(/^\$/, '').replaceAll(',', '').trim();
  if (!/^\d+(\.\d{0,2})?$/.test(t)) return null;
  const [whole = '0', fraction = ''] = t.split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a person types them back: 123450 -> "1234.50". */
export const dollarsText = (cents: number) => (cents / 100).toFixed(2);

/** What a voucher pays, for people: "$25.00" or "10% of what is owed". */
export const voucherValue = (v: { amount_cents: number | null; percent: number | null }) =>
  v.percent !== null ? `${v.percent}% of what is owed` : formatCents(v.amount_cents ?? 0);

/** The requests of a basket from the address (`?items=a,b`): valid ids, each once, in order. */
export function basketFromSearch(search: URLSearchParams): string[] {
  const ids = search
    .getAll('items')
    .flatMap((v) => v.split(','))
    .map((s) => s.trim().toLowerCase())
    .filter((s) => UUID.test(s));
  return [...new Set(ids)];
}

/** A transaction's state in words (never colour alone). */
export const stateLabels: Record<TransactionState, string> = {
  pending: 'Pending',
  settled: 'Settled',
  declined: 'Declined',
  abandoned: 'Abandoned',
  voided: 'Voided',
};

/** What of a payment may still be refunded: nothing of a refund or of money that never settled. */
export function refundableCents(
  t: Pick<TransactionOutput, 'kind' | 'state' | 'amount_cents' | 'refunded_cents'>,
) {
  if (t.kind !== 'payment' || t.state !== 'settled') return 0;
  return Math.max(0, t.amount_cents - t.refunded_cents);
}

/** Checks a refund typed by staff against what is left: the cents, or why not. */
export function refundAmount(
  text: string,
  left: number,
): { cents: number; error: null } | { cents: null; error: string } {
  const cents = parseDollars(text);
  if (cents === null) return { cents: null, error: 'Enter an amount in dollars and cents, such as 25.00.' };
  if (cents < 1) return { cents: null, error: 'A refund must be at least $0.01.' };
  if (cents > left) return { cents: null, error: `At most ${formatCents(left)} is left to refund.` };
  return { cents, error: null };
}

/** What the receipt page says of a payment in each state. */
export function receiptMessage(state: TransactionState): { title: string; text: string; ok: boolean } {
  switch (state) {
    case 'settled':
      return { title: 'Payment received', text: 'Thank you: your payment was taken.', ok: true };
    case 'declined':
      return {
        title: 'Payment declined',
        text: 'The payment was declined and no money was taken. Your requests still wait for payment: you can try again.',
        ok: false,
      };
    case 'abandoned':
      return {
        title: 'Payment cancelled',
        text: 'The payment was cancelled and no money was taken. Your requests still wait for payment: you can try again.',
        ok: false,
      };
    case 'voided':
      return { title: 'Payment voided', text: 'This payment was voided: no money was taken.', ok: false };
    default:
      return {
        title: 'Payment not confirmed yet',
        text: 'The payment gateway has not confirmed this payment yet. Reload this page in a moment.',
        ok: false,
      };
  }
}

const iso = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The finance report's default range: the first of this month to today. */
export function monthToDate(today: Date): { from: string; to: string } {
  return { from: iso(new Date(today.getFullYear(), today.getMonth(), 1)), to: iso(today) };
}

/** Whether the report's totals are the sum of its rows, to the cent (payments less refunds). */
export function totalsReconcile(report: {
  rows: readonly Pick<TransactionOutput, 'kind' | 'amount_cents'>[];
  payments_cents: number;
  refunds_cents: number;
  net_cents: number;
  byMethod: readonly { net_cents: number }[];
}): boolean {
  const payments = report.rows.filter((r) => r.kind === 'payment').reduce((s, r) => s + r.amount_cents, 0);
  const refunds = report.rows.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.amount_cents, 0);
  const byMethod = report.byMethod.reduce((s, m) => s + m.net_cents, 0);
  return (
    payments === report.payments_cents &&
    refunds === report.refunds_cents &&
    payments - refunds === report.net_cents &&
    byMethod === report.net_cents
  );
}

/** A fresh idempotency key for one payment attempt (a retry of the same attempt reuses it). */
export const newIdempotencyKey = () => crypto.randomUUID();
