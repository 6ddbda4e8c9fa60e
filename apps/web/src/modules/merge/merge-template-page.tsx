import {
  type MergeCode,
  type MergeObjectKind,
  type MergeTemplateInput,
  mergeCodes,
  type RenderedMessage,
} from '@licensure/contracts';
import {
  Anchor,
  Button,
  Checkbox,
  Group,
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
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { PersonPicker } from '../correspondence/person-picker';
import { MERGE_BASE, mergeApi, mergeKeys } from './merge-api';

const objectsOfCode: Record<MergeCode, MergeObjectKind[]> = {
  Inspections: ['service', 'vehicle'],
  Investigations: ['person', 'service'],
  'Inspection Visits': ['service', 'vehicle'],
  Exams: ['request', 'person'],
  Licensing: ['request', 'person', 'service', 'vehicle'],
  Certifications: ['certification'],
  Correspondence: ['person', 'service', 'vehicle'],
};

const blank: MergeTemplateInput = {
  code: 'Correspondence',
  merge_object: 'person',
  name: '',
  description: null,
  subject: '',
  body_html: '<p></p>',
  active: true,
};

/** `/staff/merge-templates/:id` (or `new`): the template editor, with merge fields and a preview on a real record. */
export function MergeTemplatePage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const stored = useQuery({ queryKey: mergeKeys.one(id), queryFn: () => mergeApi.one(id), enabled: !isNew });
  const [form, setForm] = useState<MergeTemplateInput>(blank);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  const [field, setField] = useState<string | null>(null);
  const [insert, setInsert] = useState<{ text: string; seq: number } | null>(null);
  const [personId, setPersonId] = useState<string | null>(null);
  const [preview, setPreview] = useState<RenderedMessage | null>(null);
  useEffect(() => {
    if (stored.data) {
      const { code, merge_object, name, description, subject, body_html, active } = stored.data;
      setForm({
        code: code as MergeCode,
        merge_object: merge_object as MergeObjectKind,
        name,
        description,
        subject,
        body_html,
        active,
      });
    }
  }, [stored.data]);
  const fields = useQuery({
    queryKey: mergeKeys.fields(form.code),
    queryFn: () => mergeApi.fields(form.code),
  });
  const save = useMutation({
    mutationFn: () => (isNew ? mergeApi.create(form) : mergeApi.update(id, form)),
    onSuccess: async (t) => {
      setFieldErrors({});
      setSaved('The template is saved.');
      await client.invalidateQueries({ queryKey: ['merge'] });
      if (isNew) navigate(`${MERGE_BASE}/${t.id}`, { replace: true });
    },
    onError: (e) => {
      setSaved(null);
      setFieldErrors(e instanceof ApiError && e.fields ? e.fields : { _: errorMessage(e) });
    },
  });
  const show = useMutation({
    mutationFn: () =>
      mergeApi.preview(
        id,
        { kind: 'person', id: personId! },
        { subject: form.subject, body_html: form.body_html },
      ),
    onSuccess: setPreview,
  });
  if (!hasPermission(viewer, 'merge.read')) return <ForbiddenPage />;
  if (!isNew && stored.isPending) return <LoadingState label="Loading the template…" />;
  if (stored.isError) return <ErrorState title="The template could not be loaded" error={stored.error} />;
  const canWrite = hasPermission(viewer, 'merge.write');
  const set = <K extends keyof MergeTemplateInput>(k: K, v: MergeTemplateInput[K]) =>
    setForm((f) => ({ ...f, [k]: v }));
  return (
    <Stack gap="md">
      <PageHeader title={isNew ? 'New merge template' : `Merge template: ${stored.data?.name ?? ''}`} />
      <Anchor component={Link} to={MERGE_BASE}>
        Back to the merge templates
      </Anchor>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm" maw={900}>
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            error={fieldErrors.name}
          />
          <Group grow>
            <Select
              label="Code"
              required
              allowDeselect={false}
              data={[...mergeCodes]}
              value={form.code}
              onChange={(v) => {
                const code = (v ?? 'Correspondence') as MergeCode;
                setForm((f) => ({ ...f, code, merge_object: objectsOfCode[code][0]! }));
              }}
              error={fieldErrors.code}
            />
            <Select
              label="Merges against"
              required
              allowDeselect={false}
              data={objectsOfCode[form.code]}
              value={form.merge_object}
              onChange={(v) => set('merge_object', (v ?? 'person') as MergeObjectKind)}
              error={fieldErrors.merge_object}
            />
          </Group>
          <TextInput
            label="Subject"
            required
            value={form.subject}
            onChange={(e) => set('subject', e.currentTarget.value)}
            error={fieldErrors.subject}
          />
          <Group align="flex-end">
            <Select
              label="Merge field"
              searchable
              data={(fields.data ?? []).map((f) => ({ value: f.key, label: `${f.label} ({{${f.key}}})` }))}
              value={field}
              onChange={setField}
            />
            <Button
              type="button"
              variant="default"
              disabled={!field}
              onClick={() => field && setInsert({ text: `{{${field}}}`, seq: Date.now() })}
            >
              Insert field
            </Button>
          </Group>
          <RichTextEditor
            label="Message"
            value={form.body_html}
            onChange={(html) => set('body_html', html)}
            insert={insert}
            error={fieldErrors.body_html}
          />
          <Checkbox
            label="Active"
            checked={form.active}
            onChange={(e) => set('active', e.currentTarget.checked)}
          />
          {fieldErrors._ ? (
            <Text c="red" role="alert">
              {fieldErrors._}
            </Text>
          ) : null}
          {saved ? <Text role="status">{saved}</Text> : null}
          {canWrite ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save template
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
      {!isNew ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="preview-heading" maw={900}>
          <Stack gap="sm">
            <Title order={2} size="h3" id="preview-heading">
              Preview on a person
            </Title>
            <Group align="flex-end">
              <PersonPicker label="Person" value={personId} onChange={(v) => setPersonId(v)} />
              <Button
                type="button"
                disabled={!personId}
                loading={show.isPending}
                onClick={() => show.mutate()}
              >
                Show preview
              </Button>
              {personId ? (
                <Anchor href={mergeApi.pdfUrl(id, 'person', personId)} target="_blank" rel="noopener">
                  Open as a PDF letter
                </Anchor>
              ) : null}
              <Button
                component={Link}
                variant="default"
                to={`/staff/correspondence/new?template=${id}${personId ? `&to=${personId}` : ''}`}
              >
                Send as correspondence
              </Button>
            </Group>
            {show.isError ? (
              <Text c="red" role="alert">
                {errorMessage(show.error)}
              </Text>
            ) : null}
            {preview ? (
              <Stack gap="xs" aria-live="polite">
                <Text fw={700}>{`Subject: ${preview.subject}`}</Text>
                <Typography>
                  {/* Sanitised by the server (sanitize-html) with merged values escaped. */}
                  {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised preview */}
                  <div data-testid="merge-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />
                </Typography>
              </Stack>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  );
}
