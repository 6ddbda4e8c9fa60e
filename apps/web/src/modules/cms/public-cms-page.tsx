import { CMS_HOME_SLUG } from '@licensure/contracts';
import { Anchor, Box, Stack, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState, NotFoundContent } from '../../platform/components/status';
import { cmsApi, cmsKeys, type MenuNode } from './cms-api';

const pathOf = (slug: string) => (slug === CMS_HOME_SLUG ? '/home' : `/pages/${slug}`);

function SiteMenu({ nodes, current }: { nodes: MenuNode[]; current: string }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
      {nodes.map((n) => (
        <li key={n.id}>
          <Anchor component={Link} to={pathOf(n.slug)} aria-current={n.slug === current ? 'page' : undefined}>
            {n.label}
          </Anchor>
          {n.children.length > 0 ? <SiteMenu nodes={n.children} current={current} /> : null}
        </li>
      ))}
    </ul>
  );
}

/** `/home` and `/pages/:slug`: a published page of the public site with the site's menu. */
export function PublicCmsPage() {
  const { slug = CMS_HOME_SLUG } = useParams();
  const page = useQuery({
    queryKey: cmsKeys.public(slug),
    queryFn: () => cmsApi.publicPage(slug),
    retry: false,
  });
  const menu = useQuery({ queryKey: cmsKeys.menu, queryFn: cmsApi.menu });
  if (page.isPending) return <LoadingState label="Loading the page…" />;
  if (page.error instanceof ApiError && (page.error.status === 404 || page.error.status === 400))
    return <NotFoundContent />;
  if (page.isError) return <ErrorState title="The page could not be loaded" error={page.error} />;
  return (
    <Stack gap="md">
      {menu.data && menu.data.length > 0 ? (
        <Box component="nav" aria-label="Site menu">
          <SiteMenu nodes={menu.data} current={slug} />
        </Box>
      ) : null}
      <PageHeader title={page.data.label} />
      <Typography>
        {/* Stored sanitised by the server (sanitize-html, the editor's formatting only). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server */}
        <div dangerouslySetInnerHTML={{ __html: page.data.content }} />
      </Typography>
    </Stack>
  );
}
