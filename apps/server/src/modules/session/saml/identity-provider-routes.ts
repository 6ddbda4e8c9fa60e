import { X509Certificate } from 'node:crypto';
import { identityProvider, identityProviderBody, listQuery, listResponse } from '@licensure/contracts';
import { type Db, identityProviders, type Tx } from '@licensure/db';
import { and, asc, count, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../../platform/audit/record-change';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';

const tags = ['session'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
const sortable = {
  code: identityProviders.code,
  label: identityProviders.label,
  active: identityProviders.active,
  created_at: identityProviders.created_at,
} as const;

/** The signing certificate, PEM or bare base64, must be a readable X.509 certificate. */
function checkCertificate(value: string): void {
  const pem = value.includes('-----BEGIN')
    ? value
    : `-----BEGIN CERTIFICATE-----\n${value.replace(/\s+/g, '')}\n-----END CERTIFICATE-----`;
  try {
    new X509Certificate(pem);
  } catch {
    throw badRequest({ certificate: 'The certificate is not a valid X.509 certificate (PEM or base64).' });
  }
}

async function checkCodeFree(tx: Tx, enterpriseId: string, code: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: identityProviders.id })
    .from(identityProviders)
    .where(
      and(
        eq(identityProviders.enterprise_id, enterpriseId),
        sql`lower(${identityProviders.code}) = lower(${code})`,
        exceptId ? ne(identityProviders.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError('conflict', 'An identity provider with this code already exists.', {
      code: 'This code is already used by another identity provider.',
    });
}

type Row = typeof identityProviders.$inferSelect;

/** The record as the API shows it (dates as ISO strings, no enterprise id). */
export const presentIdentityProvider = ({ enterprise_id: _e, created_at, updated_at, ...rest }: Row) => ({
  ...rest,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

/** Staff administration of the enterprise's identity providers (security.admin). */
export async function identityProviderRoutes(app: FastifyInstance, db: Db): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ofEnterprise = (id: string, enterpriseId: string) =>
    and(eq(identityProviders.id, id), eq(identityProviders.enterprise_id, enterpriseId));

  r.get('/api/identityproviders', {
    config: { access: 'security.admin' },
    schema: {
      tags,
      summary: 'Identity providers of the enterprise',
      querystring: listQuery,
      response: { 200: listResponse(identityProvider) },
    },
    handler: async (request) => {
      const { currentPage, numPerPage, sortBy, reverse, search } = request.query;
      const filters: (SQL | undefined)[] = [eq(identityProviders.enterprise_id, request.enterpriseId)];
      if (search)
        filters.push(
          or(ilike(identityProviders.code, `%${search}%`), ilike(identityProviders.label, `%${search}%`)),
        );
      const where = and(...filters);
      const column = sortable[(sortBy ?? 'label') as keyof typeof sortable] ?? identityProviders.label;
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(identityProviders)
          .where(where)
          .orderBy(reverse ? desc(column) : asc(column), asc(identityProviders.id))
          .limit(numPerPage)
          .offset((currentPage - 1) * numPerPage),
        db.select({ n: count() }).from(identityProviders).where(where),
      ]);
      return { items: items.map(presentIdentityProvider), total: total?.n ?? 0, currentPage, numPerPage };
    },
  });

  r.get('/api/identityproviders/:id', {
    config: { access: 'security.admin' },
    schema: { tags, summary: 'One identity provider', params: idParams, response: { 200: identityProvider } },
    handler: async (request) => {
      const [row] = await db
        .select()
        .from(identityProviders)
        .where(ofEnterprise(request.params.id, request.enterpriseId));
      if (!row) throw notFound('identity provider');
      return presentIdentityProvider(row);
    },
  });

  r.post('/api/identityproviders', {
    config: { access: 'security.admin' },
    schema: {
      tags,
      summary: 'Add an identity provider',
      body: identityProviderBody,
      response: { 201: identityProvider },
    },
    handler: async (request, reply) => {
      const input = request.body.identityProvider;
      checkCertificate(input.certificate);
      const created = await db.transaction(async (tx) => {
        await checkCodeFree(tx, request.enterpriseId, input.code);
        const [row] = await tx
          .insert(identityProviders)
          .values({ ...input, enterprise_id: request.enterpriseId })
          .returning();
        if (!row) throw new Error('identity provider not created');
        await recordChange(tx, actorOf(request), {
          entity: 'identity_providers',
          objectId: row.id,
          action: 'create',
          after: row,
        });
        return row;
      });
      return reply.status(201).send(presentIdentityProvider(created));
    },
  });

  r.put('/api/identityproviders/:id', {
    config: { access: 'security.admin' },
    schema: {
      tags,
      summary: 'Change an identity provider',
      params: idParams,
      body: identityProviderBody,
      response: { 200: identityProvider },
    },
    handler: async (request) => {
      const input = request.body.identityProvider;
      checkCertificate(input.certificate);
      return db.transaction(async (tx) => {
        const where = ofEnterprise(request.params.id, request.enterpriseId);
        const [before] = await tx.select().from(identityProviders).where(where).for('update');
        if (!before) throw notFound('identity provider');
        await checkCodeFree(tx, request.enterpriseId, input.code, before.id);
        const [after] = await tx
          .update(identityProviders)
          .set({ ...input, updated_at: new Date() })
          .where(where)
          .returning();
        if (!after) throw notFound('identity provider');
        await recordChange(tx, actorOf(request), {
          entity: 'identity_providers',
          objectId: before.id,
          action: 'update',
          before,
          after,
        });
        return presentIdentityProvider(after);
      });
    },
  });

  r.delete('/api/identityproviders/:id', {
    config: { access: 'security.admin' },
    schema: { tags, summary: 'Retire an identity provider (active false)', params: idParams },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const where = ofEnterprise(request.params.id, request.enterpriseId);
        const [before] = await tx.select().from(identityProviders).where(where).for('update');
        if (!before) throw notFound('identity provider');
        const [after] = await tx
          .update(identityProviders)
          .set({ active: false, updated_at: new Date() })
          .where(where)
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'identity_providers',
          objectId: before.id,
          action: 'delete',
          before,
          after,
        });
      });
      return reply.status(204).send();
    },
  });
}
