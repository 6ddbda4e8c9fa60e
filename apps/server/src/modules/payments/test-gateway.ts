import { randomUUID } from 'node:crypto';
import { formatCents, paymentMessages } from '@licensure/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signAnswer, signedDateTime, verifyRequest } from './cybersource-sign';
import { answerKeyOf, centsOf, type GatewayConfig, gatewayOf } from './gateway';

const tags = ['payments'];
const formFields = z.record(z.string().max(64), z.string().max(4096));
const html = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
const hidden = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${html(k)}" value="${html(v)}">`)
    .join('\n');

/** A page of the test gateway; every page taking part in a payment says that no money is taken. */
function page(reply: FastifyReply, status: number, title: string, body: string, testNote = true) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
label{display:block;margin:.75rem 0 .25rem}input[type=text]{font-size:1rem;padding:.4rem;width:100%}
button{font-size:1rem;padding:.5rem 1rem;margin:1rem .5rem 0 0;border:1px solid #1a1a1a;background:#fff;color:#1a1a1a;cursor:pointer}
button.primary{background:#1c4f8c;color:#fff}dt{font-weight:600}</style></head>
<body><main><h1>${html(title)}</h1>
${testNote ? `<p role="note"><strong>${html(paymentMessages.testPayments)}.</strong></p>` : ''}${body}</main></body></html>`);
}

/** What the customer sent, minus the test gateway's own buttons and inputs. */
const requestPart = (fields: Record<string, string>) => {
  const { decision: _d, card_number: _c, ...rest } = fields;
  return rest;
};

const rejected = (reply: FastifyReply) =>
  page(reply, 400, 'Payment request rejected', '<p>The payment request is not signed by this merchant.</p>');
const absent = (reply: FastifyReply) =>
  page(
    reply,
    404,
    'Test payments are not available',
    `<p>${html(paymentMessages.noCardPayments)}</p>`,
    false,
  );

/**
 * The local test gateway: a hosted checkout page served by the app, checking and signing exactly as
 * CyberSource Secure Acceptance does, so the whole payment runs in a browser without a network. It
 * notifies the app server-to-server, then returns the browser to the receipt with the same signed answer.
 */
export async function testGatewayRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  /** The enterprise's test gateway; null where test payments are off (production, unless enabled). */
  const testGatewayOf = async (enterpriseId: string): Promise<GatewayConfig | null> => {
    if (!app.deps.config.paymentTestGateway) return null;
    return gatewayOf(db, enterpriseId, true);
  };

  r.post('/api/payments/testgateway/pay', {
    // Stands in for the gateway's hosted page, which the browser reaches by a form post, unsigned in.
    config: { access: 'public', csrf: false },
    schema: {
      tags,
      summary: "The test gateway's hosted checkout page (signed fields in, a card form out)",
      body: formFields,
    },
    handler: async (request, reply) => {
      const config = await testGatewayOf(request.enterpriseId);
      if (!config) return absent(reply);
      const f = config.kind === 'test' ? verifyRequest(request.body, config.secretKey) : null;
      if (!f) return rejected(reply);
      const amount = centsOf(f.amount);
      return page(
        reply,
        200,
        'Test payment gateway',
        `<p>This is the local test gateway: no card is charged.</p>
<dl><dt>Amount</dt><dd>${html(Number.isNaN(amount) ? (f.amount ?? '') : formatCents(amount))}</dd>
<dt>Reference</dt><dd>${html(f.reference_number ?? '')}</dd></dl>
<form method="post" action="/api/payments/testgateway/decide">
${hidden({ ...f, signature: request.body.signature ?? '' })}
<label for="card_number">Card number</label>
<input type="text" id="card_number" name="card_number" value="4111 1111 1111 1111" autocomplete="off" inputmode="numeric">
<button type="submit" class="primary" name="decision" value="ACCEPT">Pay ${html(f.amount ?? '')} ${html(f.currency ?? '')}</button>
<button type="submit" name="decision" value="DECLINE">Decline</button>
<button type="submit" name="decision" value="CANCEL">Cancel</button>
</form>`,
      );
    },
  });

  r.post('/api/payments/testgateway/decide', {
    config: { access: 'public', csrf: false },
    schema: {
      tags,
      summary: "The test gateway's decision: notifies the app, then returns the browser",
      body: formFields,
    },
    handler: async (request, reply) => {
      const config = await testGatewayOf(request.enterpriseId);
      if (!config) return absent(reply);
      // Only the signed fields are echoed into the answer: an unsigned one is never signed by us.
      const sent = config.kind === 'test' ? verifyRequest(requestPart(request.body), config.secretKey) : null;
      if (!sent) return rejected(reply);
      const decision = ['ACCEPT', 'DECLINE', 'CANCEL'].includes(request.body.decision ?? '')
        ? (request.body.decision as string)
        : 'CANCEL';
      const answer = signAnswer(
        {
          decision,
          reason_code: decision === 'ACCEPT' ? '100' : decision === 'DECLINE' ? '481' : '0',
          message:
            decision === 'ACCEPT' ? 'Request was processed successfully.' : 'The payment was not taken.',
          transaction_id: `TEST${randomUUID().replaceAll('-', '').slice(0, 18)}`,
          req_transaction_uuid: sent.transaction_uuid ?? '',
          req_reference_number: sent.reference_number ?? '',
          req_amount: sent.amount ?? '',
          req_currency: sent.currency ?? '',
          ...(decision === 'ACCEPT' ? { auth_amount: sent.amount ?? '' } : {}),
          signed_date_time: signedDateTime(),
        },
        answerKeyOf(config),
      );
      // The gateway's server-to-server notification comes first, as CyberSource's usually does.
      const notified = await app.inject({
        method: 'POST',
        url: '/api/payments/notify',
        headers: {
          host: request.headers.host ?? 'localhost',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams(answer).toString(),
      });
      if (notified.statusCode !== 200)
        request.log.warn(
          { part: 'payments', status: notified.statusCode },
          'test gateway notification refused',
        );
      const back = sent.override_custom_receipt_page ?? '';
      const target = back.startsWith('/') && !back.startsWith('//') ? back : '/api/payments/receipt';
      return page(
        reply,
        200,
        decision === 'ACCEPT' ? 'Payment approved' : 'Payment not taken',
        `<p>${decision === 'ACCEPT' ? 'The test payment was approved.' : 'No money was taken.'}</p>
<form method="post" action="${html(target)}">
${hidden(answer)}
<button type="submit" class="primary">Return to the licensing portal</button>
</form>`,
      );
    },
  });
}
