import { certifications, type Db, enterprises, type Tx } from '@licensure/db';
import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/http/errors';
import { pdfDisposition, renderPdf } from '../../platform/pdf/render-pdf';
import { holdsAny, speaksFor } from '../../platform/permissions';
import { registerResource } from '../../platform/resources/register';
import { publicOrigin } from '../../platform/tenancy/public-origin';
import { certificateDocument, walletCardDocument } from './certificate-pdf';
import { certificationReaders, certificationResource } from './certification.resources';
import { credentialColumns, joinCredentialNames, presentCredential } from './credential-presenter';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** The credentials with the names their pages show. */
const fromCerts = (db: Db | Tx) =>
  joinCredentialNames(
    db.select({ ...getTableColumns(certifications), ...credentialColumns }).from(certifications),
  );

/** A live credential the caller may see (the resource's scope, as a check), or 404. */
async function visibleCertification(db: Db | Tx, request: FastifyRequest, id: string) {
  const auth = request.auth!;
  const [row] = await fromCerts(db).where(
    and(
      eq(certifications.id, id),
      eq(certifications.enterprise_id, request.enterpriseId),
      isNull(certifications.deleted_at),
    ),
  );
  if (!row) throw notFound('credential');
  if (holdsAny(auth, certificationReaders) || (await speaksFor(db, auth, request.enterpriseId, row)))
    return row;
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

  registerResource(app, certificationResource);

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
        credential: presentCredential(row),
        verifyUrl: await verifyUrlOf(app, request, row.number),
      };
      const card = request.query.format === 'card';
      const pdf = await renderPdf(card ? await walletCardDocument(data) : await certificateDocument(data));
      return reply
        .type('application/pdf')
        .header('content-disposition', pdfDisposition('inline', `${row.number}${card ? ' card' : ''}.pdf`))
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
      return { url: await verifyUrlOf(app, request, row.number) };
    },
  });
}
