import type { FinanceReport, PaymentMethod, TransactionOutput } from '@licensure/contracts';
import { paymentMethodLabels, spreadsheetRow } from '@licensure/contracts';
import { type Db, transactions } from '@licensure/db';
import { and, asc, eq, getTableColumns, isNull, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { Row } from '../../platform/resources/types';
import { joinTransactionNames, presentTransaction, transactionColumns } from './payments.resources';

export interface ReportQuery {
  from: string;
  to: string;
  method?: PaymentMethod;
}

/**
 * Settled money between two dates (inclusive, by the day it settled, UTC), with totals by method:
 * payments, refunds and net, in cents, so that every total is the exact sum of its rows.
 */
export async function financeReport(db: Db, enterpriseId: string, q: ReportQuery): Promise<FinanceReport> {
  const rows = await joinTransactionNames(
    db
      .select({ ...getTableColumns(transactions), ...transactionColumns })
      .from(transactions)
      .$dynamic(),
  )
    .where(
      and(
        eq(transactions.enterprise_id, enterpriseId),
        eq(transactions.state, 'settled'),
        isNull(transactions.deleted_at),
        sql`(${transactions.settled_at} at time zone 'UTC')::date between ${q.from}::date and ${q.to}::date`,
        q.method ? eq(transactions.method, q.method) : undefined,
      ),
    )
    .orderBy(asc(transactions.settled_at), asc(transactions.id))
    .limit(10_000);
  const presented: TransactionOutput[] = (rows as Row[]).map(presentTransaction);
  const methods = [...new Set(presented.map((t) => t.method))].sort();
  const byMethod = methods.map((method) => {
    const mine = presented.filter((t) => t.method === method);
    const payments = mine.filter((t) => t.kind === 'payment').reduce((s, t) => s + t.amount_cents, 0);
    const refunds = mine.filter((t) => t.kind === 'refund').reduce((s, t) => s + t.amount_cents, 0);
    return {
      method,
      method_label: paymentMethodLabels[method as PaymentMethod] ?? method,
      payments_cents: payments,
      refunds_cents: refunds,
      net_cents: payments - refunds,
      count: mine.length,
    };
  });
  const payments = byMethod.reduce((s, m) => s + m.payments_cents, 0);
  const refunds = byMethod.reduce((s, m) => s + m.refunds_cents, 0);
  return {
    from: q.from,
    to: q.to,
    rows: presented,
    byMethod,
    payments_cents: payments,
    refunds_cents: refunds,
    net_cents: payments - refunds,
  };
}

/** The report as a workbook: the transactions, then the totals by method. */
export async function financeReportXlsx(report: FinanceReport): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Transactions');
  sheet.columns = [
    { header: 'Settled', key: 'settled', width: 22 },
    { header: 'Kind', key: 'kind', width: 10 },
    { header: 'Method', key: 'method', width: 22 },
    { header: 'Payer', key: 'payer', width: 28 },
    { header: 'Reference', key: 'reference', width: 24 },
    { header: 'Amount', key: 'amount', width: 14, style: { numFmt: '#,##0.00' } },
  ];
  for (const t of report.rows)
    sheet.addRow(
      spreadsheetRow({
        settled: t.settled_at,
        kind: t.kind,
        method: t.method_label,
        payer: t.payer_name,
        reference: t.reference_number,
        amount: (t.kind === 'refund' ? -t.amount_cents : t.amount_cents) / 100,
      }),
    );
  const totals = wb.addWorksheet('Totals');
  totals.columns = [
    { header: 'Method', key: 'method', width: 22 },
    // Amounts are numbers (a negative net is a number, not text starting with '-').
    { header: 'Payments', key: 'payments', width: 14, style: { numFmt: '"$"#,##0.00' } },
    { header: 'Refunds', key: 'refunds', width: 14, style: { numFmt: '"$"#,##0.00' } },
    { header: 'Net', key: 'net', width: 14, style: { numFmt: '"$"#,##0.00' } },
  ];
  for (const m of report.byMethod)
    totals.addRow(
      spreadsheetRow({
        method: m.method_label,
        payments: m.payments_cents / 100,
        refunds: m.refunds_cents / 100,
        net: m.net_cents / 100,
      }),
    );
  totals.addRow({
    method: 'All methods',
    payments: report.payments_cents / 100,
    refunds: report.refunds_cents / 100,
    net: report.net_cents / 100,
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}
