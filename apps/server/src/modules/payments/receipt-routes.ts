import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardGatewayOf } from './gateway';
import { recordReceipt } from './record-receipt';
import { testGatewayRoutes } from './test-gateway';

const tags = ['payments'];
const answerFields = z.record(z.string().max(64), z.string().max(4096));
const recorded = z.object({
  transaction_id: z.uuid(),
  outcome: z.enum(['settled', 'declined', 'abandoned', 'pending', 'replayed']),
});

/** Where a hosted checkout reports back, form posts from the gateway; parsed as forms in this scope only. */
export async function receiptRoutes(parent: FastifyInstance): Promise<void> {
  await parent.register(async (app) => {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64_000 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const r = app.withTypeProvider<ZodTypeProvider>();
    const { db } = app.deps.database;
    const record = async (enterpriseId: string, fields: Record<string, string>) => {
      const config = await cardGatewayOf(db, enterpriseId, app.deps.config.paymentTestGateway);
      return db.transaction((tx) => recordReceipt(tx, enterpriseId, config, fields));
    };

    r.post('/api/payments/receipt', {
      // The gateway returns the browser with a cross-site form post: it carries no CSRF header and is
      // trusted only for its signature.
      config: { access: 'public', csrf: false },
      schema: {
        tags,
        summary: "The gateway's signed answer on the browser's return: recorded once, then the receipt page",
        body: answerFields,
      },
      handler: async (request, reply) => {
        const receipt = await record(request.enterpriseId, request.body);
        return reply.redirect(`/portal/payments/receipt/${receipt.transactionId}`, 303);
      },
    });

    r.post('/api/payments/notify', {
      config: { access: 'public', csrf: false },
      schema: {
        tags,
        summary:
          "The gateway's signed server-to-server notification: recorded once, a replay records nothing",
        body: answerFields,
        response: { 200: recorded },
      },
      handler: async (request) => {
        const receipt = await record(request.enterpriseId, request.body);
        return { transaction_id: receipt.transactionId, outcome: receipt.outcome };
      },
    });

    await testGatewayRoutes(app);
  });
}
