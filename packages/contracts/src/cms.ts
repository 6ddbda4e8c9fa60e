// Contracts of the public site's content (issue 18): the pages staff write (CMSPages, a reference list
// whose content is rich text stored sanitised) as the public reads them, and the editor's preview.
import { z } from 'zod';
import { timestamp } from './paging';

/** The slug of the page the public home shows. */
export const CMS_HOME_SLUG = 'home';

export const cmsSlugParams = z.object({
  slug: z
    .string()
    .max(100, 'slug must be at most 100 characters')
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Slug may hold lower-case letters, digits and single hyphens'),
});

/** GET public/cms/pages/{slug}: a published page as the public site shows it. */
export const publicCmsPage = z.object({
  id: z.uuid(),
  label: z.string(),
  slug: z.string(),
  /** Sanitised HTML (the editor's formatting only). */
  content: z.string(),
  parent_id: z.uuid().nullable(),
  updated_at: timestamp,
});
export type PublicCmsPage = z.infer<typeof publicCmsPage>;

/** POST cms/preview: the content as it would be stored and shown. */
export const cmsPreviewBody = z.object({
  content: z
    .string({ message: 'content must be text' })
    .max(200_000, 'content must be at most 200000 characters'),
});
export const cmsPreviewOutput = z.object({ content: z.string() });
