import {
  type CertificationOutput,
  certificationListQuery,
  certificationOutput,
  certificationSaveBody,
  listResponse,
} from '@licensure/contracts';
import {
  certifications,
  type Db,
  enterprises,
  licenses,
  referenceTables,
  services,
  serviceVehicles,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { badRequest, fromDatabaseError, notFound } from '../../platform/http/errors';
import { pdfDisposition, renderPdf } from '../../platform/pdf/render-pdf';
import { countAll, likeContains, sortTerm } from '../../platform/resources/list-query';
import { publicOrigin } from '../../platform/tenancy/public-origin';
import { currentLink } from '../registry/common';
import { certificateDocument, walletCardDocument } from './certificate-pdf';
import { nextCredentialNumber } from './issue';
import { administeredServiceIds, currentServiceOfVehicle } from './request-access';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });
type CertRow = typeof certifications.$inferSelect;

function columns() {
  const level = referenceTables.license_category_levels;
  return {
    cert: certifications,
    license_name: licenses.name,
    level_label: sql<string | null>`${level.label}`,
    holder_name: sql<string | null>`coalesce(
      nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''),
      ${services.name},
      nullif(concat_ws(' ', ${vehicles.unit_number}, ${vehicles.make}, ${vehicles.model}), ''))`,
  };
}

function fromCerts(db: Db | Tx) {
  const level = referenceTables.license_category_levels;
  return db
    .select(columns())
    .from(certifications)
    .leftJoin(licenses, eq(licenses.id, certifications.license_id))
    .leftJoin(level, eq(level.id, certifications.license_category_level_id))
    .leftJoin(users, eq(users.id, certifications.user_id))
    .leftJoin(services, eq(services.id, certifications.service_id))
    .leftJoin(vehicles, eq(vehicles.id, certifications.vehicle_id));
}

function present(r: {
  cert: CertRow;
  license_name: string | null;
  level_label: string | null;
  holder_name: string | null;
}): CertificationOutput {
  const c = r.cert;
  return {
    id: c.id,
    license_id: c.license_id,
    license_name: r.license_name,
    license_category_id: c.license_category_id,
    license_category_level_id: c.license_category_level_id,
    level_label: r.level_label,
    user_id: c.user_id,
    service_id: c.service_id,
    vehicle_id: c.vehicle_id,
    holder_name: r.holder_name,
    number: c.number,
    status: c.status,
    certification_status_id: c.certification_status_id,
    issue_date: c.issue_date,
    expiration_date: c.expiration_date,
    license_request_id: c.license_request_id,
    created_at: c.created_at.toISOString(),
    updated_at: c.updated_at.toISOString(),
  };
}

/** Staff who read requests, or the registry (services, vehicles and their credentials), see every credential. */
const seesAll = (auth: AuthContext) =>
  auth.permissions.has('requests.read') || auth.permissions.has('registry.read');

/** The condition on credentials a portal user holds or speaks for: their own, their services' and those services' vehicles. */
async function heldBy(db: Db | Tx, auth: AuthContext, enterpriseId: string): Promise<SQL> {
  const managed = await administeredServiceIds(db, enterpriseId, auth.userId);
  return or(
    eq(certifications.user_id, auth.userId),
    managed.length ? inArray(certifications.service_id, managed) : undefined,
    managed.length
      ? inArray(
          certifications.vehicle_id,
          db
            .select({ id: serviceVehicles.vehicle_id })
            .from(serviceVehicles)
            .where(and(inArray(serviceVehicles.service_id, managed), currentLink)),
        )
      : undefined,
  ) as SQL;
}

async function visibleCertification(db: Db | Tx, request: FastifyRequest, id: string) {
  const auth = request.auth!;
  const [row] = await fromCerts(db).where(
    and(eq(certifications.id, id), eq(certifications.enterprise_id, request.enterpriseId)),
  );
  if (!row) throw notFound('credential');
  if (seesAll(auth)) return row;
  const c = row.cert;
  if (c.user_id === auth.userId) return row;
  const managed = await administeredServiceIds(db, request.enterpriseId, auth.userId);
  if (c.service_id && managed.includes(c.service_id)) return row;
  if (c.vehicle_id) {
    const service = await currentServiceOfVehicle(db, c.vehicle_id);
    if (service && managed.includes(service)) return row;
  }
  throw notFound('credential');
}

/** On the public origin, never the request's Host; a bare path when none is configured. */
async function verifyUrlOf(app: FastifyInstance, request: FastifyRequest, number: string): Promise<string> {
  const origin = (await publicOrigin(app, request)) ?? '';
  return `${origin}/verify?number=${encodeURIComponent(number)}`;
}

/** Credentials held (certifications), "My licences", and their certificate and wallet card PDFs. */
export async function certificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const mapError = (err: unknown) => fromDatabaseError(err, () => undefined);

  r.get('/api/certifications', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary:
        'Credentials held by people, services and vehicles (a portal user: the ones they hold or speak for)',
      querystring: certificationListQuery,
      response: { 200: listResponse(certificationOutput) },
    },
    handler: async (request) => {
      const q = request.query;
      const auth = request.auth!;
      const conditions: (SQL | undefined)[] = [eq(certifications.enterprise_id, request.enterpriseId)];
      if (!seesAll(auth)) conditions.push(await heldBy(db, auth, request.enterpriseId));
      if (q.user_id) conditions.push(eq(certifications.user_id, q.user_id));
      if (q.service_id) conditions.push(eq(certifications.service_id, q.service_id));
      if (q.vehicle_id) conditions.push(eq(certifications.vehicle_id, q.vehicle_id));
      if (q.license_id) conditions.push(eq(certifications.license_id, q.license_id));
      if (q.status) conditions.push(eq(certifications.status, q.status));
      if (q.search?.trim()) conditions.push(ilike(certifications.number, likeContains(q.search.trim())));
      const where = and(...conditions);
      const order = sortTerm(
        {
          number: sql`${certifications.number}`,
          expiration_date: sql`${certifications.expiration_date}`,
          issue_date: sql`${certifications.issue_date}`,
        },
        q,
        'expiration_date',
      );
      const [rows, [count]] = await Promise.all([
        fromCerts(db)
          .where(where)
          .orderBy(order, asc(certifications.id))
          .limit(q.numPerPage)
          .offset((q.currentPage - 1) * q.numPerPage),
        db.select({ n: countAll }).from(certifications).where(where),
      ]);
      return {
        items: rows.map(present),
        total: count?.n ?? 0,
        currentPage: q.currentPage,
        numPerPage: q.numPerPage,
      };
    },
  });

  r.get('/api/certifications/:id', {
    config: { access: 'authenticated' },
    schema: { tags, summary: 'One credential', params: idParams, response: { 200: certificationOutput } },
    handler: async (request) => present(await visibleCertification(db, request, request.params.id)),
  });

  const save = async (
    request: FastifyRequest,
    tx: Tx,
    input: z.infer<typeof certificationSaveBody>['certification'],
  ) => {
    const [license] = await tx
      .select()
      .from(licenses)
      .where(
        and(
          eq(licenses.id, input.license_id),
          eq(licenses.enterprise_id, request.enterpriseId),
          isNull(licenses.deleted_at),
        ),
      );
    if (!license) throw badRequest({ license_id: 'There is no such licence.' });
    const holderField = license.entity === 'user' ? 'user_id' : `${license.entity}_id`;
    const holder = {
      user_id: null as string | null,
      service_id: null as string | null,
      vehicle_id: null as string | null,
    };
    const holderId =
      license.entity === 'user'
        ? input.user_id
        : license.entity === 'service'
          ? input.service_id
          : input.vehicle_id;
    if (!holderId)
      throw badRequest({ [holderField]: `${license.name} is held by a ${license.entity}: choose one.` });
    const table = { user: users, service: services, vehicle: vehicles }[license.entity];
    const [exists] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, holderId), eq(table.enterprise_id, request.enterpriseId)));
    if (!exists) throw badRequest({ [holderField]: `There is no such ${license.entity}.` });
    holder[holderField as keyof typeof holder] = holderId;
    let categoryId: string | null = null;
    if (input.license_category_level_id) {
      const level = referenceTables.license_category_levels;
      const [l] = await tx
        .select({ category: level.license_category_id })
        .from(level)
        .where(and(eq(level.id, input.license_category_level_id), eq(level.license_id, license.id)));
      if (!l) throw badRequest({ license_category_level_id: 'That level is not one of this licence.' });
      categoryId = l.category as string;
    }
    return { license, holder, categoryId };
  };

  r.post('/api/certifications', {
    config: { access: 'requests.write' },
    schema: {
      tags,
      summary: "Enter a credential by hand; without a number it takes the next of the licence's pattern",
      body: certificationSaveBody,
      response: { 201: certificationOutput },
    },
    handler: async (request, reply) => {
      const input = request.body.certification;
      try {
        const id = await db.transaction(async (tx) => {
          const { license, holder, categoryId } = await save(request, tx, input);
          let number = input.number;
          if (!number) {
            if (!license.autonumber_id)
              throw badRequest({ number: `${license.name} has no number pattern: give a number.` });
            number = await nextCredentialNumber(tx, request.enterpriseId, license.autonumber_id);
          }
          const [created] = await tx
            .insert(certifications)
            .values({
              enterprise_id: request.enterpriseId,
              license_id: license.id,
              ...holder,
              license_category_level_id: input.license_category_level_id ?? null,
              license_category_id: categoryId,
              certification_status_id: input.certification_status_id ?? null,
              number,
              status: input.status,
              issue_date: input.issue_date ?? null,
              expiration_date: input.expiration_date ?? null,
            })
            .returning();
          if (!created) throw new Error('insert returned nothing');
          await recordChange(tx, actorOf(request), {
            entity: 'certifications',
            objectId: created.id,
            action: 'create',
            after: created,
          });
          return created.id;
        });
        return reply.status(201).send(present(await visibleCertification(db, request, id)));
      } catch (err) {
        throw mapError(err);
      }
    },
  });

  r.put('/api/certifications/:id', {
    config: { access: 'requests.write' },
    schema: {
      tags,
      summary: 'Change a credential: status, level, dates or number',
      params: idParams,
      body: certificationSaveBody,
      response: { 200: certificationOutput },
    },
    handler: async (request) => {
      const input = request.body.certification;
      await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(certifications)
          .where(
            and(
              eq(certifications.id, request.params.id),
              eq(certifications.enterprise_id, request.enterpriseId),
            ),
          )
          .for('update');
        if (!before) throw notFound('credential');
        const { license, holder, categoryId } = await save(request, tx, input);
        const [after] = await tx
          .update(certifications)
          .set({
            license_id: license.id,
            ...holder,
            license_category_level_id: input.license_category_level_id ?? null,
            license_category_id: categoryId,
            certification_status_id: input.certification_status_id ?? null,
            number: input.number ?? before.number,
            status: input.status,
            issue_date: input.issue_date ?? null,
            expiration_date: input.expiration_date ?? null,
            updated_at: new Date(),
          })
          .where(eq(certifications.id, before.id))
          .returning();
        await recordChange(tx, actorOf(request), {
          entity: 'certifications',
          objectId: before.id,
          action: 'update',
          before,
          after,
        });
      });
      return present(await visibleCertification(db, request, request.params.id));
    },
  });

  r.delete('/api/certifications/:id', {
    config: { access: 'requests.write' },
    schema: {
      tags,
      summary: 'Delete a credential entered in error',
      params: idParams,
      response: { 204: z.null() },
    },
    handler: async (request, reply) => {
      await db.transaction(async (tx) => {
        const [before] = await tx
          .delete(certifications)
          .where(
            and(
              eq(certifications.id, request.params.id),
              eq(certifications.enterprise_id, request.enterpriseId),
            ),
          )
          .returning();
        if (!before) throw notFound('credential');
        await recordChange(tx, actorOf(request), {
          entity: 'certifications',
          objectId: before.id,
          action: 'delete',
          before,
        });
      });
      return reply.status(204).send(null);
    },
  });

  r.get('/api/certifications/:id/certificate', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary:
        'The certificate (or, with format=card, the wallet card) as a PDF, with a QR code to its public verification',
      params: idParams,
      querystring: z.object({ format: z.enum(['certificate', 'card']).default('certificate') }),
    },
    handler: async (request, reply) => {
      const row = await visibleCertification(db, request, request.params.id);
      const [enterprise] = await db
        .select({ name: enterprises.name })
        .from(enterprises)
        .where(eq(enterprises.id, request.enterpriseId));
      const data = {
        enterpriseName: enterprise?.name ?? '',
        licenseName: row.license_name ?? 'Licence',
        levelLabel: row.level_label,
        holderName: row.holder_name ?? '',
        number: row.cert.number,
        status: row.cert.status,
        issueDate: row.cert.issue_date,
        expirationDate: row.cert.expiration_date,
        verifyUrl: await verifyUrlOf(app, request, row.cert.number),
      };
      const card = request.query.format === 'card';
      const pdf = await renderPdf(card ? await walletCardDocument(data) : await certificateDocument(data));
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          pdfDisposition('inline', `${row.cert.number}${card ? ' card' : ''}.pdf`),
        )
        .send(pdf);
    },
  });

  r.get('/api/certifications/:id/verifyurl', {
    config: { access: 'authenticated' },
    schema: {
      tags,
      summary: 'The public verification address the QR code of a credential opens',
      params: idParams,
      response: { 200: z.object({ url: z.string() }) },
    },
    handler: async (request) => {
      const row = await visibleCertification(db, request, request.params.id);
      return { url: await verifyUrlOf(app, request, row.cert.number) };
    },
  });
}
