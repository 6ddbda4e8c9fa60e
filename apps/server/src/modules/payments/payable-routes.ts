import { payableQuery, payableRequests } from '@licensure/contracts';
import { licenseRequests, users } from '@licensure/db';
import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/http/errors';
import { basketTotals } from './basket';

/** Staff recording a payment: the person's requests that still owe money, with what each owes. */
export async function payableRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/payments/payable', {
    config: { access: 'payments.write' },
    schema: {
      tags: ['payments'],
      summary: "A person's licence requests that still owe money, for staff recording a payment",
      querystring: payableQuery,
      response: { 200: payableRequests },
    },
    handler: async (request) => {
      const { user_id } = request.query;
      const [person] = await db
        .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
        .from(users)
        .where(
          and(eq(users.id, user_id), eq(users.enterprise_id, request.enterpriseId), isNull(users.deleted_at)),
        );
      if (!person) throw notFound('person');
      const requests = await db
        .select()
        .from(licenseRequests)
        .where(
          and(
            eq(licenseRequests.enterprise_id, request.enterpriseId),
            eq(licenseRequests.user_id, person.id),
            isNull(licenseRequests.deleted_at),
            ne(licenseRequests.review_state, 'withdrawn'),
          ),
        )
        .orderBy(asc(licenseRequests.created_at), asc(licenseRequests.id))
        .limit(200);
      const totals = requests.length > 0 ? await basketTotals(db, requests) : { items: [] };
      const name = [person.first_name, person.last_name].filter((part) => part?.trim()).join(' ');
      return {
        user_id: person.id,
        person_name: name || null,
        payable: totals.items
          .filter((i) => i.due_cents > 0)
          .map((i) => {
            const row = requests.find((q) => q.id === i.license_request_id)!;
            return {
              license_request_id: i.license_request_id,
              license_name: i.license_name,
              review_state: row.review_state,
              created_at: row.created_at.toISOString(),
              charges_cents: i.charges_cents,
              due_cents: i.due_cents,
            };
          }),
      };
    },
  });
}
