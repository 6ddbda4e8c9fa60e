import {
  Anchor,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Typography,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { RichTextEditor } from '../../platform/components/rich-text-editor';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { DeleteDialog } from '../../platform/resources/delete-dialog';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { CMS_BASE, type CmsPageInput, cmsApi, cmsKeys } from './cms-api';

const blank: CmsPageInput = {
  label: '',
  slug: '',
  parent_id: null,
  content: '<p></p>',
  published: false,
  active: true,
  sort_order: 0,
};

/** Where the public reads a page. */
export const publicPathOf = (slug: string) => (slug === 'home' ? '/home' : `/pages/${slug}`);

/** `/staff/cms/pages/:id` (or `new`): a page of the public site, with a preview of what the public will see. */
export function CmsPageEditor() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const stored = useQuery({ queryKey: cmsKeys.page(id), queryFn: () => cmsApi.page(id), enabled: !isNew });
  const all = useQuery({ queryKey: cmsKeys.allPages, queryFn: () => cmsApi.pages(1, 200) });
  const sites = useQuery({ queryKey: cmsKeys.sites, queryFn: cmsApi.sites });
  const [form, setForm] = useState<CmsPageInput>(blank);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (stored.data) {
      const { label, slug, parent_id, content, published, active, sort_order, cms_site_id } = stored.data;
      setForm({
        label,
        slug,
        parent_id,
        content: content ?? '<p></p>',
        published,
        active,
        sort_order,
        cms_site_id,
      });
    }
  }, [stored.data]);
  const save = useMutation({
    mutationFn: () => {
      const values = { ...form, cms_site_id: form.cms_site_id ?? sites.data?.[0]?.id ?? null };
      return isNew ? cmsApi.create(values) : cmsApi.update(id, values);
    },
    onSuccess: async (p) => {
      setFieldErrors({});
      setMessage(
        p.published
          ? `The page is saved and published at ${publicPathOf(p.slug)}.`
          : 'The page is saved as a draft.',
      );
      await client.invalidateQueries({ queryKey: cmsKeys.all });
      if (isNew) navigate(`${CMS_BASE}/pages/${p.id}`, { replace: true });
    },
    onError: (e) => {
      setMessage(null);
      setFieldErrors(e instanceof ApiError && e.fields ? e.fields : { _: errorMessage(e) });
    },
  });
  const show = useMutation({
    mutationFn: () => cmsApi.preview(form.content ?? ''),
    onSuccess: (r) => setPreview(r.content),
  });
  const remove = useMutation({
    mutationFn: () => cmsApi.remove(id),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: cmsKeys.all });
      navigate(CMS_BASE);
    },
  });
  if (!hasPermission(viewer, 'configuration.read')) return <ForbiddenPage />;
  if (!isNew && stored.isPending) return <LoadingState label="Loading the page…" />;
  if (stored.isError) return <ErrorState title="The page could not be loaded" error={stored.error} />;
  const canWrite = hasPermission(viewer, 'cms.write');
  const set = <K extends keyof CmsPageInput>(k: K, v: CmsPageInput[K]) => setForm((f) => ({ ...f, [k]: v }));
  const parents = (all.data?.items ?? [])
    .filter((p) => p.id !== id)
    .map((p) => ({ value: p.id, label: p.label }));
  return (
    <Stack gap="md">
      <PageHeader title={isNew ? 'New page' : `Page: ${stored.data?.label ?? ''}`} />
      <Group>
        <Anchor component={Link} to={CMS_BASE}>
          Back to the pages
        </Anchor>
        {stored.data?.published ? (
          <Anchor href={publicPathOf(stored.data.slug)} target="_blank" rel="noopener">
            Open the public page
          </Anchor>
        ) : null}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <fieldset disabled={!canWrite} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="sm" maw={900}>
            <Group grow align="flex-start">
              <TextInput
                label="Title"
                required
                value={form.label}
                onChange={(e) => set('label', e.currentTarget.value)}
                error={fieldErrors.label}
              />
              <TextInput
                label="Address (slug)"
                description="Lower-case letters, digits and hyphens; the home page is home"
                required
                value={form.slug}
                onChange={(e) => set('slug', e.currentTarget.value)}
                error={fieldErrors.slug}
              />
            </Group>
            <Group grow align="flex-start">
              <Select
                label="Parent page in the menu"
                placeholder="At the top of the menu"
                clearable
                data={parents}
                value={form.parent_id}
                onChange={(v) => set('parent_id', v)}
                error={fieldErrors.parent_id}
              />
              <NumberInput
                label="Order in the menu"
                min={0}
                max={100000}
                value={form.sort_order}
                onChange={(v) => set('sort_order', typeof v === 'number' ? v : 0)}
                error={fieldErrors.sort_order}
              />
            </Group>
            <RichTextEditor
              label="Content"
              value={form.content ?? ''}
              onChange={(html) => set('content', html)}
              error={fieldErrors.content}
            />
            <Group>
              <Checkbox
                label="Published"
                checked={form.published}
                onChange={(e) => set('published', e.currentTarget.checked)}
              />
              <Checkbox
                label="Active"
                checked={form.active}
                onChange={(e) => set('active', e.currentTarget.checked)}
              />
            </Group>
          </Stack>
        </fieldset>
        <Stack gap="sm" maw={900} mt="sm">
          {fieldErrors._ ? (
            <Text c="var(--mantine-color-error)" role="alert">
              {fieldErrors._}
            </Text>
          ) : null}
          {message ? <Text role="status">{message}</Text> : null}
          <Group>
            {canWrite ? (
              <Button type="submit" loading={save.isPending}>
                Save page
              </Button>
            ) : null}
            <Button type="button" variant="default" loading={show.isPending} onClick={() => show.mutate()}>
              Preview
            </Button>
            {canWrite && !isNew ? (
              <Button type="button" variant="default" color="red" onClick={() => setDeleting(true)}>
                Delete page
              </Button>
            ) : null}
          </Group>
        </Stack>
      </form>
      {show.isError ? (
        <Text c="var(--mantine-color-error)" role="alert">
          {errorMessage(show.error)}
        </Text>
      ) : null}
      {preview !== null ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="preview-heading" maw={900}>
          <Title order={2} size="h3" id="preview-heading" mb="sm">
            Preview
          </Title>
          <Typography>
            {/* The server's sanitised form of the content: exactly what will be stored and shown. */}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the server */}
            <div data-testid="cms-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          </Typography>
        </Paper>
      ) : null}
      <DeleteDialog
        opened={deleting}
        singular="page"
        name={stored.data?.label ?? ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onCancel={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      />
    </Stack>
  );
}
