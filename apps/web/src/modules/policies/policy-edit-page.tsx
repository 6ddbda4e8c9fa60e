import type { PolicyInput } from '@licensure/contracts';
import {
  Anchor,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
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
import { POLICIES_BASE, policiesApi, policyKeys, readAsDataUrl } from './policies-api';

const blank: PolicyInput = {
  title: '',
  number: null,
  policy_type_id: null,
  policy_status_id: null,
  policy_classification_id: null,
  summary: null,
  content: '<p></p>',
  effective_date: null,
  end_date: null,
  published: false,
};

const when = (iso: string) => new Date(iso).toLocaleString();

/** `/staff/policies/:id` (or `new`): write a policy or protocol, publish it, attach its document, read who has read it. */
export function PolicyEditPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { viewer, account } = useSignedIn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const stored = useQuery({
    queryKey: policyKeys.one(id),
    queryFn: () => policiesApi.one(id),
    enabled: !isNew,
  });
  const acks = useQuery({
    queryKey: policyKeys.acknowledgements(id),
    queryFn: () => policiesApi.acknowledgements(id),
    enabled: !isNew,
  });
  const option = (path: string) => ({
    queryKey: policyKeys.options(path),
    queryFn: () => policiesApi.options(path),
  });
  const types = useQuery(option('policytypes'));
  const statuses = useQuery(option('policystatuses'));
  const classes = useQuery(option('policyclassifications'));
  const [form, setForm] = useState<PolicyInput>(blank);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [deleting, setDeleting] = useState(false);
  useEffect(() => {
    if (stored.data) {
      const p = stored.data;
      setForm({
        title: p.title,
        number: p.number,
        policy_type_id: p.policy_type_id,
        policy_status_id: p.policy_status_id,
        policy_classification_id: p.policy_classification_id,
        summary: p.summary,
        content: p.content ?? '<p></p>',
        effective_date: p.effective_date,
        end_date: p.end_date,
        published: p.published,
      });
    }
  }, [stored.data]);
  const refresh = () => client.invalidateQueries({ queryKey: policyKeys.all });
  const failed = (e: unknown) => {
    setMessage(null);
    setFieldErrors(e instanceof ApiError && e.fields ? e.fields : { _: errorMessage(e) });
  };
  const save = useMutation({
    mutationFn: () => (isNew ? policiesApi.create(form) : policiesApi.update(id, form)),
    onSuccess: async (p) => {
      setFieldErrors({});
      setMessage(p.published ? 'The policy is saved and published.' : 'The policy is saved as a draft.');
      await refresh();
      if (isNew) navigate(`${POLICIES_BASE}/${p.id}`, { replace: true });
    },
    onError: failed,
  });
  const upload = useMutation({
    mutationFn: async () => policiesApi.setDocument(id, file!.name, await readAsDataUrl(file!)),
    onSuccess: async (d) => {
      setFieldErrors({});
      setFile(null);
      setMessage(`The document ${d.document_name} is attached.`);
      await refresh();
    },
    onError: failed,
  });
  const acknowledge = useMutation({
    mutationFn: () => policiesApi.acknowledge(id),
    onSuccess: async () => {
      setMessage('You have acknowledged reading this policy.');
      await refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (reason: string) => policiesApi.remove(id, reason),
    onSuccess: async () => {
      await refresh();
      navigate(POLICIES_BASE);
    },
  });
  if (!hasPermission(viewer, 'policies.read')) return <ForbiddenPage />;
  if (!isNew && stored.isPending) return <LoadingState label="Loading the policy…" />;
  if (stored.isError) return <ErrorState title="The policy could not be loaded" error={stored.error} />;
  const canWrite = hasPermission(viewer, 'policies.write');
  const set = <K extends keyof PolicyInput>(k: K, v: PolicyInput[K]) => setForm((f) => ({ ...f, [k]: v }));
  const choices = (rows: { id: string; label: string; type?: string }[] | undefined) =>
    (rows ?? []).map((r) => ({ value: r.id, label: r.type ? `${r.label} (${r.type})` : r.label }));
  const mine = (acks.data ?? []).find((a) => a.user_id === account?.id);
  const policy = stored.data;
  return (
    <Stack gap="md">
      <PageHeader title={isNew ? 'New policy' : `Policy: ${policy?.title ?? ''}`} />
      <Anchor component={Link} to={POLICIES_BASE}>
        Back to the policies
      </Anchor>
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
                value={form.title}
                onChange={(e) => set('title', e.currentTarget.value)}
                error={fieldErrors.title}
              />
              <TextInput
                label="Number"
                value={form.number ?? ''}
                onChange={(e) => set('number', e.currentTarget.value || null)}
                error={fieldErrors.number}
              />
            </Group>
            <Group grow align="flex-start">
              <Select
                label="Classification"
                description="Says whether it is a policy or a protocol"
                clearable
                data={choices(classes.data)}
                value={form.policy_classification_id ?? null}
                onChange={(v) => set('policy_classification_id', v)}
                error={fieldErrors.policy_classification_id}
              />
              <Select
                label="Type"
                clearable
                data={choices(types.data)}
                value={form.policy_type_id ?? null}
                onChange={(v) => set('policy_type_id', v)}
                error={fieldErrors.policy_type_id}
              />
              <Select
                label="Status"
                clearable
                data={choices(statuses.data)}
                value={form.policy_status_id ?? null}
                onChange={(v) => set('policy_status_id', v)}
                error={fieldErrors.policy_status_id}
              />
            </Group>
            <Group grow align="flex-start">
              <TextInput
                type="date"
                label="Effective from"
                value={form.effective_date ?? ''}
                onChange={(e) => set('effective_date', e.currentTarget.value || null)}
                error={fieldErrors.effective_date}
              />
              <TextInput
                type="date"
                label="Ends on"
                value={form.end_date ?? ''}
                onChange={(e) => set('end_date', e.currentTarget.value || null)}
                error={fieldErrors.end_date}
              />
            </Group>
            <Textarea
              label="Summary"
              autosize
              minRows={2}
              value={form.summary ?? ''}
              onChange={(e) => set('summary', e.currentTarget.value || null)}
              error={fieldErrors.summary}
            />
            <RichTextEditor
              label="Policy text"
              value={form.content ?? ''}
              onChange={(html) => set('content', html)}
              error={fieldErrors.content}
            />
            <Checkbox
              label="Published on the public site"
              checked={form.published ?? false}
              onChange={(e) => set('published', e.currentTarget.checked)}
            />
          </Stack>
        </fieldset>
        <Stack gap="sm" maw={900} mt="sm">
          {fieldErrors._ ? (
            <Text c="var(--mantine-color-error)" role="alert">
              {fieldErrors._}
            </Text>
          ) : null}
          {message ? <Text role="status">{message}</Text> : null}
          {canWrite ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save policy
              </Button>
              {!isNew ? (
                <Button type="button" variant="default" color="red" onClick={() => setDeleting(true)}>
                  Delete policy
                </Button>
              ) : null}
            </Group>
          ) : null}
        </Stack>
      </form>
      {policy ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="document-heading" maw={900}>
          <Stack gap="sm">
            <Title order={2} size="h3" id="document-heading">
              Document
            </Title>
            {policy.document_name ? (
              <Anchor href={policiesApi.documentUrl(policy.id)}>{`Download ${policy.document_name}`}</Anchor>
            ) : (
              <Text>No document is attached.</Text>
            )}
            {canWrite ? (
              <Group align="flex-end">
                <FileInput
                  label={policy.document_name ? 'Replace the document' : 'Attach a document'}
                  placeholder="Choose a PDF or Word file"
                  value={file}
                  onChange={setFile}
                  error={fieldErrors.value}
                  clearable
                />
                <Button
                  type="button"
                  disabled={!file}
                  loading={upload.isPending}
                  onClick={() => upload.mutate()}
                >
                  Upload document
                </Button>
              </Group>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      {policy ? (
        <Paper withBorder p="md" radius="md" component="section" aria-labelledby="acks-heading" maw={900}>
          <Stack gap="sm">
            <Title order={2} size="h3" id="acks-heading">
              Read and acknowledged
            </Title>
            {mine ? (
              <Text>{`You acknowledged reading it on ${when(mine.acknowledged_at)}.`}</Text>
            ) : policy.published ? (
              <Group>
                <Button type="button" loading={acknowledge.isPending} onClick={() => acknowledge.mutate()}>
                  I have read this policy
                </Button>
              </Group>
            ) : (
              <Text>Staff acknowledge a policy once it is published.</Text>
            )}
            {acks.data && acks.data.length === 0 ? <Text>Nobody has acknowledged it yet.</Text> : null}
            {acks.data && acks.data.length > 0 ? (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Staff member</Table.Th>
                    <Table.Th>Acknowledged</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {acks.data.map((a) => (
                    <Table.Tr key={a.user_id}>
                      <Table.Td>{a.name}</Table.Td>
                      <Table.Td>{when(a.acknowledged_at)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Paper>
      ) : null}
      <DeleteDialog
        opened={deleting}
        singular="policy"
        name={policy?.title ?? ''}
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        askReason
        onCancel={() => setDeleting(false)}
        onConfirm={(reason) => remove.mutate(reason ?? '')}
      />
    </Stack>
  );
}
