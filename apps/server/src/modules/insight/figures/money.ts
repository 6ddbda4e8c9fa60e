import { sql } from 'drizzle-orm';
import { earlier, type FigureDefinition, later, listLink, monthEnd, num, selectRows } from './figure';

const PAYMENTS = '/staff/payments';

/** Settled money per month of settlement: payments, refunds and voucher redemptions (in cents). */
export const moneyMonthly: FigureDefinition = {
  id: 'money_monthly',
  title: 'Money collected by month',
  description:
    'Settled payments (vouchers apart), refunds and vouchers redeemed, by month of settlement; net is payments less refunds.',
  columns: [
    { key: 'month', label: 'Month', kind: 'text' },
    { key: 'collected', label: 'Collected', kind: 'cents' },
    { key: 'refunded', label: 'Refunded', kind: 'cents' },
    { key: 'net', label: 'Net', kind: 'cents' },
    { key: 'vouchers', label: 'Vouchers redeemed', kind: 'count' },
    { key: 'voucher_amount', label: 'Paid by vouchers', kind: 'cents' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<Record<string, string>>(
      db,
      sql`select to_char(date_trunc('month', t.settled_at), 'YYYY-MM') as month,
                 coalesce(sum(t.amount_cents) filter (where t.kind = 'payment' and t.method <> 'voucher'), 0) as collected,
                 coalesce(sum(t.amount_cents) filter (where t.kind = 'refund'), 0) as refunded,
                 count(*) filter (where t.kind = 'payment' and t.method = 'voucher') as vouchers,
                 coalesce(sum(t.amount_cents) filter (where t.kind = 'payment' and t.method = 'voucher'), 0) as voucher_amount
          from transactions t
          where t.enterprise_id = ${enterpriseId} and t.deleted_at is null and t.state = 'settled'
            and t.settled_at >= ${p.from}::date and t.settled_at < ${p.to}::date + 1
          group by 1 order by 1`,
    );
    return rows.map((r) => {
      const month = r.month ?? '';
      const collected = num(r.collected) ?? 0;
      const refunded = num(r.refunded) ?? 0;
      return {
        label: month,
        cells: {
          month,
          collected,
          refunded,
          net: collected - refunded,
          vouchers: num(r.vouchers),
          voucher_amount: num(r.voucher_amount),
        },
        link: listLink(PAYMENTS, {
          state: 'settled',
          from: later(`${month}-01`, p.from),
          to: earlier(monthEnd(month), p.to),
        }),
      };
    });
  },
};

/** Settled money by the licence whose fees it paid (the payment's allocations to requests). */
export const moneyByFee: FigureDefinition = {
  id: 'money_fee',
  title: 'Money collected by fee',
  description:
    "Settled payments and refunds in the period by the licence whose request fees they paid or gave back (each payment's share of its basket).",
  columns: [
    { key: 'licence', label: 'Licence fees', kind: 'text' },
    { key: 'payments', label: 'Payments', kind: 'count' },
    { key: 'collected', label: 'Collected', kind: 'cents' },
    { key: 'refunded', label: 'Refunded', kind: 'cents' },
  ],
  async rows(db, enterpriseId, p) {
    const rows = await selectRows<Record<string, string | null>>(
      db,
      sql`select l.name as licence,
                 count(distinct t.id) filter (where t.kind = 'payment') as payments,
                 coalesce(sum(a.amount_cents) filter (where t.kind = 'payment'), 0) as collected,
                 coalesce(-sum(a.amount_cents) filter (where t.kind = 'refund'), 0) as refunded
          from transactions t
          join transaction_allocations a on a.transaction_id = t.id
          join license_requests r on r.id = a.license_request_id
          left join licenses l on l.id = r.license_id
          where t.enterprise_id = ${enterpriseId} and t.deleted_at is null and t.state = 'settled'
            and t.settled_at >= ${p.from}::date and t.settled_at < ${p.to}::date + 1
          group by 1 order by 3 desc, 1`,
    );
    return rows.map((r) => {
      const licence = r.licence ?? 'No licence';
      return {
        label: licence,
        cells: {
          licence,
          payments: num(r.payments),
          collected: num(r.collected),
          refunded: Math.abs(num(r.refunded) ?? 0),
        },
        link: listLink(PAYMENTS, { state: 'settled', from: p.from, to: p.to }),
      };
    });
  },
};
