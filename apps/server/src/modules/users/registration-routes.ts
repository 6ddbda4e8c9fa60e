import {
  accountMessages,
  registrationCompleteInput,
  registrationCompleteResult,
  registrationStartInput,
  registrationTokenQuery,
  registrationTokenStatus,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  completeRegistration,
  startRegistration,
  registrationTokenStatus as tokenStatus,
} from './accounts/registration';

const tags = ['users'];
/** Anonymous and mailing: a few a minute per address is plenty for a person and slows down abuse. */
const registrationRateLimit = { max: 10, timeWindow: '1 minute' };

/** Self-registration in the portal: a link mailed to the address, then the account (docs/security.md). */
export async function registrationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/users/register', {
    config: { access: 'public', rateLimit: registrationRateLimit },
    schema: {
      tags,
      summary:
        'Mail a link to register a portal account to an address (the answer is the same whether it has an account)',
      body: registrationStartInput,
      response: { 200: z.object({ message: z.string() }) },
    },
    handler: async (request) => {
      await startRegistration(app, request, request.body.email);
      return { message: accountMessages.registrationMailed };
    },
  });

  r.get('/api/users/register/token', {
    config: { access: 'public', rateLimit: registrationRateLimit },
    schema: {
      tags,
      summary: 'Whether a registration link is valid, and the email address it verified',
      querystring: registrationTokenQuery,
      response: { 200: registrationTokenStatus },
    },
    handler: async (request) => tokenStatus(app, request.enterpriseId, request.query.token),
  });

  r.post('/api/users/register/complete', {
    config: { access: 'public', rateLimit: registrationRateLimit },
    schema: {
      tags,
      summary: 'Create the portal account of a registration link: user name, password and name',
      body: registrationCompleteInput,
      response: { 201: registrationCompleteResult },
    },
    handler: async (request, reply) => {
      const created = await completeRegistration(app, request, request.body);
      return reply
        .status(201)
        .send({ message: accountMessages.registrationDone, user_name: created.user_name });
    },
  });
}
