import {
  cmsPreviewBody,
  cmsPreviewOutput,
  cmsSlugParams,
  publicCmsPage as pageSchema,
} from '@licensure/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sanitizeMessageHtml } from '../merge/merge-html';
import { publicCmsPage } from './public-cms-page';

const tags = ['cms'];

/**
 * The public site's content: its pages served to anyone by slug, and the editor's preview. The pages,
 * sites and portal pages themselves are reference lists (CMSPages, CMSSites, PortalPages) whose writes
 * sanitise the content through `cmsPageHooks`.
 */
export async function cmsModule(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  r.get('/api/public/cms/pages/:slug', {
    config: { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } },
    schema: {
      tags,
      summary: 'A published page of the public site, by its slug (a draft is not found)',
      params: cmsSlugParams,
      response: { 200: pageSchema },
    },
    handler: (request) => publicCmsPage(db, request.enterpriseId, request.params.slug),
  });

  r.post('/api/cms/preview', {
    config: { access: 'cms.write' },
    schema: {
      tags,
      summary: 'The content as it would be stored and shown: sanitised, nothing saved',
      body: cmsPreviewBody,
      response: { 200: cmsPreviewOutput },
    },
    handler: async (request) => ({ content: sanitizeMessageHtml(request.body.content) }),
  });
}
