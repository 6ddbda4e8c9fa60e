import type { PublicCmsPage } from '@licensure/contracts';
import { cms_pages, type Db } from '@licensure/db';
import { and, eq, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';

/**
 * GET public/cms/pages/{slug}: a published, active page of the enterprise (the slug is unique within
 * it, whatever its case); a draft is not found, so that nothing unpublished reaches the public.
 */
export async function publicCmsPage(db: Db, enterpriseId: string, slug: string): Promise<PublicCmsPage> {
  const [row] = await db
    .select({
      id: cms_pages.id,
      label: cms_pages.label,
      slug: cms_pages.slug,
      content: cms_pages.content,
      parent_id: cms_pages.parent_id,
      updated_at: cms_pages.updated_at,
    })
    .from(cms_pages)
    .where(
      and(
        eq(cms_pages.enterprise_id, enterpriseId),
        eq(sql`lower(${cms_pages.slug})`, slug.toLowerCase()),
        eq(cms_pages.published, true),
        eq(cms_pages.active, true),
      ),
    );
  if (!row) throw notFound('page');
  return {
    id: String(row.id),
    label: String(row.label),
    slug: String(row.slug),
    content: typeof row.content === 'string' ? row.content : '',
    parent_id: typeof row.parent_id === 'string' ? row.parent_id : null,
    updated_at: (row.updated_at as Date).toISOString(),
  };
}
