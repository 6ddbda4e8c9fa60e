import {
  basketTotals as basketTotalsSchema,
  paymentAttributes,
  paymentMessages,
  paymentOptions,
  preSaveBody,
  sessionDataForPayment,
  signBody,
  signedForm,
  totalsQuery,
} from '@licensure/contracts';
import { enterprises, licenseRequests, users } from '@licensure/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../platform/audit/record-change';
import { AppError } from '../../platform/http/errors';
import { enterpriseReference, self, speaksForHolder } from '../../platform/permissions/policies';
import { basketRequests, basketTotals } from './basket';
import { attributesOf, cardGatewayOf, gatewayOf } from './gateway';
import { openPayment } from './open-payment';
import { checkingAccountTypes, creditCardTypes, debitCardTypes, paymentOptionsFor } from './payment-options';
import { resignFields, startHostedCheckout } from './start-checkout';

const tags = ['payments'];

/** What the payment screen reads, and the signed hosted-checkout form it posts. */
export async function checkoutRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const testGateway = app.deps.config.paymentTestGateway;

  /** How to pay without a card gateway: the message, and the office (the enterprise's name and address). */
  const payOtherwise = async (enterpriseId: string) => {
    const [e] = await db
      .select({ name: enterprises.name, address: enterprises.address })
      .from(enterprises)
      .where(eq(enterprises.id, enterpriseId));
    const office = [e?.name, e?.address?.trim()].filter((part) => part).join(', ');
    return { message: paymentMessages.noCardPayments, office };
  };

  r.get('/api/GetSessionDataForPayment', {
    config: { access: self() },
    schema: {
      tags,
      summary: "The payer, the enterprise's gateway and the caller's requests waiting for payment",
      response: { 200: sessionDataForPayment },
    },
    handler: async (request) => {
      const me = request.auth!.userId;
      const [user] = await db.select().from(users).where(eq(users.id, me));
      const mine = await db
        .select()
        .from(licenseRequests)
        .where(
          and(
            eq(licenseRequests.enterprise_id, request.enterpriseId),
            eq(licenseRequests.user_id, me),
            isNull(licenseRequests.deleted_at),
            ne(licenseRequests.review_state, 'withdrawn'),
          ),
        )
        .orderBy(asc(licenseRequests.created_at))
        .limit(200);
      const totals = mine.length > 0 ? await basketTotals(db, mine) : { items: [] };
      const config = await gatewayOf(db, request.enterpriseId, testGateway);
      return {
        user_id: me,
        first_name: user?.first_name ?? null,
        last_name: user?.last_name ?? null,
        email: user?.email ?? null,
        gateway: config?.kind ?? null,
        test_payments: config?.kind === 'test',
        pay_otherwise: config ? null : await payOtherwise(request.enterpriseId),
        payable: totals.items
          .filter((i) => i.due_cents > 0)
          .map((i) => ({
            license_request_id: i.license_request_id,
            license_name: i.license_name,
            due_cents: i.due_cents,
          })),
      };
    },
  });

  r.get('/api/GetLicenseRequestTotals', {
    config: { access: speaksForHolder('payments.read') },
    schema: {
      tags,
      summary: 'What a basket of licence requests owes: charges, payments, vouchers and the amount due',
      querystring: totalsQuery,
      response: { 200: basketTotalsSchema },
    },
    handler: async (request) => {
      const requests = await basketRequests(db, request.auth, request.enterpriseId, request.query.items);
      return basketTotals(db, requests);
    },
  });

  r.get('/api/getAttributes', {
    config: { access: enterpriseReference() },
    schema: {
      tags,
      summary: "The enterprise's payment gateway as the payment screen needs it (no secrets)",
      response: { 200: paymentAttributes },
    },
    handler: async (request) => attributesOf(await cardGatewayOf(db, request.enterpriseId, testGateway)),
  });

  const list = (path: string, summary: string, answer: Parameters<typeof paymentOptionsFor>[0] | null) =>
    r.get(path, {
      config: { access: enterpriseReference() },
      schema: { tags, summary, response: { 200: paymentOptions } },
      handler: async (request) =>
        answer === null
          ? []
          : paymentOptionsFor(answer, request.auth!, await gatewayOf(db, request.enterpriseId, testGateway)),
    });
  list(
    '/api/getPaymentMethods',
    'How the caller may pay: the configured gateway, vouchers, and for staff offline methods',
    'methods',
  );
  r.get('/api/getCheckingAccountTypes', {
    config: { access: enterpriseReference() },
    schema: {
      tags,
      summary: 'Checking account types of an electronic check',
      response: { 200: paymentOptions },
    },
    handler: async () => checkingAccountTypes,
  });
  r.get('/api/getCreditCardTypes', {
    config: { access: enterpriseReference() },
    schema: { tags, summary: 'Credit card types the gateway takes', response: { 200: paymentOptions } },
    handler: async () => creditCardTypes,
  });
  r.get('/api/getDebitCardTypes', {
    config: { access: enterpriseReference() },
    schema: { tags, summary: 'Debit card types the gateway takes', response: { 200: paymentOptions } },
    handler: async () => debitCardTypes,
  });

  r.post('/api/preSaveCyberSource', {
    config: { access: self() },
    schema: {
      tags,
      summary: 'Opens a pending payment for a basket and answers its signed hosted-checkout form',
      body: preSaveBody,
      response: { 200: signedForm },
    },
    handler: async (request) => {
      const config = await cardGatewayOf(db, request.enterpriseId, testGateway);
      if (config.kind === 'elavon')
        throw new AppError('conflict', 'This enterprise takes payments through Elavon: use elavon/pay.');
      return db.transaction(async (tx) => {
        const { items, idempotency_key } = request.body.args;
        const requests = await basketRequests(tx, request.auth, request.enterpriseId, items, true);
        const totals = await basketTotals(tx, requests);
        const opened = await openPayment(tx, actorOf(request), request.auth!, {
          requests,
          method: config.kind,
          amountCents: totals.due_cents,
          idempotencyKey: idempotency_key,
          gateway: config.kind,
        });
        return startHostedCheckout(app, request, tx, config, opened, request.body.fields ?? {});
      });
    },
  });

  r.post('/api/sign', {
    config: { access: self() },
    schema: {
      tags,
      summary: "Signs the caller's pending hosted-checkout form again (CyberSource Secure Acceptance)",
      body: signBody,
      response: { 200: signedForm },
    },
    handler: async (request) => {
      const config = await cardGatewayOf(db, request.enterpriseId, testGateway);
      return db.transaction((tx) => resignFields(tx, request, config, request.body.fields));
    },
  });
}
