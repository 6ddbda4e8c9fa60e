import {
  directPaymentBody,
  elavonPayBody,
  existingVouchersQuery,
  financeReportQuery,
  financeReport as financeReportSchema,
  hostedRedirect,
  refundBody,
  transactionOutput,
  voucherBody,
  voucherOutput,
} from '@licensure/contracts';
import { vouchers } from '@licensure/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../platform/audit/record-change';
import { AppError } from '../../platform/http/errors';
import { pdfDisposition } from '../../platform/pdf/render-pdf';
import {
  policyContext,
  requirePolicy,
  self,
  selfOrPermission,
  speaksForHolder,
} from '../../platform/permissions/policies';
import { createWriter } from '../../platform/resources/write';
import { basketRequests, basketTotals } from './basket';
import { confirmElavon, elavonHosted } from './elavon';
import { financeReport, financeReportXlsx } from './finance-report';
import { cardGatewayOf } from './gateway';
import { openPayment } from './open-payment';
import { presentTransaction, transactionResource } from './payments.resources';
import { receiptPdf } from './receipt-pdf';
import { recordPayment } from './record-payment';
import { refundPayment } from './refund-payment';
import { chargeVoucher, presentVoucher, saveVoucher } from './vouchers';

const tags = ['payments'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** A person's vouchers are theirs and staff's with payments.read: anyone else is told the person is not found. */
const personsVouchers = selfOrPermission('payments.read', 'not_found');

/** Staff payments, refunds, vouchers, Elavon and the finance report. */
export async function paymentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const writer = createWriter(db, transactionResource);
  const testGateway = app.deps.config.paymentTestGateway;
  /** One transaction as the caller may see it (a 404 outside their scope). */
  const answer = async (request: FastifyRequest, id: string) =>
    presentTransaction(await writer.load(db, request, id));

  r.post('/api/directPayment', {
    config: { access: 'payments.write' },
    schema: {
      tags,
      summary:
        'Records a payment taken outside a gateway (check, money order, cash, direct), settled at once',
      body: directPaymentBody,
      response: { 200: transactionOutput },
    },
    handler: async (request) => {
      const id = await db.transaction((tx) => recordPayment(tx, request, request.body.payment));
      return answer(request, id);
    },
  });

  r.post('/api/transactions/:id/refund', {
    config: { access: 'payments.refund' },
    schema: {
      tags,
      summary: 'Refunds a settled payment in full or in part, as a transaction of its own',
      params: idParams,
      body: refundBody,
      response: { 200: transactionOutput },
    },
    handler: async (request) => {
      const id = await db.transaction((tx) =>
        refundPayment(tx, request, request.params.id, request.body.refund),
      );
      return answer(request, id);
    },
  });

  r.get('/api/transactions/:id/receipt', {
    config: { access: selfOrPermission('payments.read', 'not_found') },
    schema: {
      tags,
      summary: "A settled payment's or refund's receipt as a PDF (the payer's own, or any for payments.read)",
      params: idParams,
    },
    handler: async (request, reply) => {
      const t = await answer(request, request.params.id);
      if (t.state !== 'settled')
        throw new AppError('conflict', 'Only money taken has a receipt: this payment is not settled.');
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          pdfDisposition('inline', `Receipt ${t.receipt_number ?? t.id.slice(0, 8)}.pdf`),
        )
        .send(await receiptPdf(db, request.enterpriseId, t));
    },
  });

  r.post('/api/VoucherPay/SaveElement/:id', {
    config: { access: speaksForHolder('payments.write') },
    schema: {
      tags,
      summary: 'Saves a voucher against a licence request; covers_all says it pays everything owed',
      params: idParams,
      body: voucherBody,
      response: { 200: voucherOutput },
    },
    handler: async (request) =>
      db.transaction((tx) => saveVoucher(tx, request, request.params.id, request.body.voucher.code)),
  });

  r.post('/api/VoucherPay/LicenseVoucherCharge/:id', {
    config: { access: speaksForHolder('payments.write') },
    schema: {
      tags,
      summary: 'Pays a licence request with a voucher, once (all or part of what it owes)',
      params: idParams,
      body: voucherBody,
      response: { 200: voucherOutput },
    },
    handler: async (request) =>
      db.transaction((tx) => chargeVoucher(tx, request, request.params.id, request.body.voucher.code)),
  });

  r.get('/api/VoucherPay/ExistingVouchers', {
    config: { access: personsVouchers },
    schema: {
      tags,
      summary: "A person's vouchers (the caller's own unless staff name another)",
      querystring: existingVouchersQuery,
      response: { 200: z.array(voucherOutput) },
    },
    handler: async (request) => {
      const me = request.auth!.userId;
      const who = request.query.user_id ?? me;
      await requirePolicy(personsVouchers, policyContext(request), who, 'person');
      const rows = await db
        .select()
        .from(vouchers)
        .where(
          and(
            eq(vouchers.enterprise_id, request.enterpriseId),
            eq(vouchers.user_id, who),
            isNull(vouchers.deleted_at),
          ),
        )
        .orderBy(desc(vouchers.created_at))
        .limit(200);
      return rows.map((v) => presentVoucher(v));
    },
  });

  r.post('/api/elavon/pay', {
    config: { access: self() },
    schema: {
      tags,
      summary: "Opens a pending payment and answers Elavon's hosted page with a token obtained server-side",
      body: elavonPayBody,
      response: { 200: hostedRedirect },
    },
    handler: async (request) => {
      const config = await cardGatewayOf(db, request.enterpriseId, testGateway);
      if (config.kind !== 'elavon')
        throw new AppError('conflict', 'This enterprise does not take payments through Elavon.');
      const { items, idempotency_key } = request.body.payment;
      const opened = await db.transaction(async (tx) => {
        const requests = await basketRequests(tx, request.auth, request.enterpriseId, items, true);
        const totals = await basketTotals(tx, requests);
        return openPayment(tx, actorOf(request), request.auth!, {
          requests,
          method: 'elavon',
          amountCents: totals.due_cents,
          idempotencyKey: idempotency_key,
          gateway: 'elavon',
        });
      });
      if (opened.transaction.state !== 'pending')
        throw new AppError('conflict', 'This payment is already complete; start a new one if more is owed.');
      const hosted = await elavonHosted.start(config, {
        transaction: opened.transaction,
        attemptId: opened.attempt.id,
        receiptUrl: '',
      });
      return { url: hosted.url, transaction_id: opened.transaction.id };
    },
  });

  r.get('/api/elavon/return', {
    config: { access: self('not_found') },
    schema: {
      tags,
      summary:
        "The browser's return from Elavon: the result is confirmed by a transaction query, then the receipt",
      querystring: z.object({
        transaction_id: z.uuid({ message: 'transaction_id must be a valid id' }),
        ssl_txn_id: z.string().min(1).max(100),
      }),
    },
    handler: async (request, reply) => {
      const { transaction_id, ssl_txn_id } = request.query;
      await answer(request, transaction_id); // 404 unless the caller may see this payment
      const config = await cardGatewayOf(db, request.enterpriseId, testGateway);
      if (config.kind !== 'elavon')
        throw new AppError('conflict', 'This enterprise does not take payments through Elavon.');
      await db.transaction((tx) => confirmElavon(tx, actorOf(request), config, transaction_id, ssl_txn_id));
      return reply.redirect(`/portal/payments/receipt/${transaction_id}`, 303);
    },
  });

  r.get('/api/payments/financeReport', {
    config: { access: 'payments.read' },
    schema: {
      tags,
      summary: 'Settled payments and refunds between two dates, with totals by method',
      querystring: financeReportQuery,
      response: { 200: financeReportSchema },
    },
    handler: async (request) => financeReport(db, request.enterpriseId, request.query),
  });

  r.get('/api/payments/financeReport/xlsx', {
    config: { access: 'payments.read' },
    schema: { tags, summary: 'The finance report as an XLSX workbook', querystring: financeReportQuery },
    handler: async (request, reply) => {
      const report = await financeReport(db, request.enterpriseId, request.query);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="finance-${report.from}-${report.to}.xlsx"`)
        .send(await financeReportXlsx(report));
    },
  });
}
