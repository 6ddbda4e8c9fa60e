import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pdfDisposition, renderPdf } from '../../platform/pdf/render-pdf';
import { speaksForHolder } from '../../platform/permissions/policies';
import { registerResource } from '../../platform/resources/register';
import { certificateDocument, walletCardDocument } from './certificate-pdf';
import { certificationResource } from './certification.resources';
import { presentCredential } from './credential-presenter';
import { cardLink } from './credential-signing/card-link';
import { visibleCertification } from './visible-certification';

const tags = ['licensing'];
const idParams = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** Credentials held (certifications), "My licences", and their certificate and wallet card PDFs. */
export async function certificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  registerResource(app, certificationResource);

  r.get('/api/certifications/:id/certificate', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary:
        'The certificate (or, with format=card, the wallet card) as a PDF, with a QR code to its public verification',
      params: idParams,
      querystring: z.object({ format: z.enum(['certificate', 'card']).default('certificate') }),
    },
    handler: async (request, reply) => {
      const credential = presentCredential(await visibleCertification(db, request, request.params.id));
      const link = await cardLink(app, request, credential);
      const data = {
        enterpriseName: link.enterpriseName,
        credential,
        verifyUrl: link.url,
        lookupUrl: link.lookupUrl,
      };
      const card = request.query.format === 'card';
      const pdf = await renderPdf(card ? await walletCardDocument(data) : await certificateDocument(data));
      return reply
        .type('application/pdf')
        .header(
          'content-disposition',
          pdfDisposition('inline', `${credential.number}${card ? ' card' : ''}.pdf`),
        )
        .send(pdf);
    },
  });

  r.get('/api/certifications/:id/verifyurl', {
    config: { access: speaksForHolder('requests.read') },
    schema: {
      tags,
      summary:
        'The public verification address the QR code of a credential opens, with the signed statement (compact JWS) it carries',
      params: idParams,
      response: { 200: z.object({ url: z.string(), token: z.string().optional() }) },
    },
    handler: async (request) => {
      const credential = presentCredential(await visibleCertification(db, request, request.params.id));
      const link = await cardLink(app, request, credential);
      return link.token ? { url: link.url, token: link.token } : { url: link.url };
    },
  });
}
