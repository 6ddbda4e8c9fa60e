import { describe, expect, it } from 'vitest';
import {
  basketFromSearch,
  dollarsText,
  formatCents,
  monthToDate,
  parseDollars,
  receiptMessage,
  refundAmount,
  refundableCents,
  totalsReconcile,
} from './payments-format';

const A = '0b8e5f2c-1d2e-4f3a-9b4c-5d6e7f8a9b0c';
const B = '1c9f6a3d-2e3f-4a4b-8c5d-6e7f8a9b0c1d';

describe('money in integer cents', () => {
  it('formats cents as dollars, thousands grouped, negatives signed', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(7)).toBe('$0.07');
    expect(formatCents(6000)).toBe('$60.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-2050)).toBe('-$20.50');
  });

  it('reads what a person types as cents without floating-point drift', () => {
    expect(parseDollars('20')).toBe(2000);
    expect(parseDollars('$1,234.5')).toBe(123450);
    expect(parseDollars(' 0.07 ')).toBe(7);
    // 0.29 * 100 is 28.999… in floating point: the parser must not round it down.
    expect(parseDollars('0.29')).toBe(29);
    expect(parseDollars('19.99')).toBe(1999);
    expect(parseDollars('1.234')).toBeNull();
    expect(parseDollars('-5')).toBeNull();
    expect(parseDollars('ten')).toBeNull();
    expect(parseDollars('')).toBeNull();
    expect(dollarsText(6000)).toBe('60.00');
    expect(parseDollars(dollarsText(1999))).toBe(1999);
  });
});

describe('refunds', () => {
  const payment = {
    kind: 'payment' as const,
    state: 'settled' as const,
    amount_cents: 6000,
    refunded_cents: 2000,
  };

  it('leaves to refund what a settled payment has not refunded, and nothing of anything else', () => {
    expect(refundableCents(payment)).toBe(4000);
    expect(refundableCents({ ...payment, refunded_cents: 6000 })).toBe(0);
    expect(refundableCents({ ...payment, state: 'declined' })).toBe(0);
    expect(refundableCents({ ...payment, kind: 'refund' })).toBe(0);
  });

  it('bounds a refund by what is left and says why it refuses one', () => {
    expect(refundAmount('25', 4000)).toEqual({ cents: 2500, error: null });
    expect(refundAmount('40.00', 4000)).toEqual({ cents: 4000, error: null });
    expect(refundAmount('40.01', 4000).error).toBe('At most $40.00 is left to refund.');
    expect(refundAmount('0', 4000).error).toBe('A refund must be at least $0.01.');
    expect(refundAmount('lots', 4000).error).toMatch(/dollars and cents/);
  });
});

describe('checkout and receipt', () => {
  it('takes a basket from the address: valid ids, each once', () => {
    expect(basketFromSearch(new URLSearchParams(`items=${A},${B},${A}`))).toEqual([A, B]);
    expect(basketFromSearch(new URLSearchParams(`items=${A}&items=nope`))).toEqual([A]);
    expect(basketFromSearch(new URLSearchParams(''))).toEqual([]);
  });

  it('says plainly whether money was taken', () => {
    expect(receiptMessage('settled')).toMatchObject({ ok: true, title: 'Payment received' });
    expect(receiptMessage('declined')).toMatchObject({ ok: false, title: 'Payment declined' });
    expect(receiptMessage('declined').text).toContain('no money was taken');
    expect(receiptMessage('abandoned').text).toContain('try again');
    expect(receiptMessage('pending').ok).toBe(false);
  });
});

describe('finance report', () => {
  it('defaults to the month so far', () => {
    expect(monthToDate(new Date(2026, 10, 26))).toEqual({ from: '2026-11-01', to: '2026-11-26' });
  });

  it('checks that the totals are the sum of the rows, to the cent', () => {
    const report = {
      rows: [
        { kind: 'payment' as const, amount_cents: 6000 },
        { kind: 'payment' as const, amount_cents: 5000 },
        { kind: 'refund' as const, amount_cents: 1500 },
      ],
      payments_cents: 11000,
      refunds_cents: 1500,
      net_cents: 9500,
      byMethod: [{ net_cents: 6000 }, { net_cents: 3500 }],
    };
    expect(totalsReconcile(report)).toBe(true);
    expect(totalsReconcile({ ...report, net_cents: 9501 })).toBe(false);
    expect(totalsReconcile({ ...report, byMethod: [{ net_cents: 6000 }] })).toBe(false);
  });
});
