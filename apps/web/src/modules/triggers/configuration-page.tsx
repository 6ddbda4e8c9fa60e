import { eventMeaning } from '@licensure/contracts';
import { Anchor, Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { type LinkDraft, LinkEditor } from './link-editor';
import { TRIGGERS_BASE, triggerKeys, triggersApi } from './triggers-api';

/** `/staff/triggers/:id`: a trigger configuration, its triggers with their ordered actions, and their firings. */
export function ConfigurationPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const canWrite = hasPermission(viewer, 'triggers.write');
  const config = useQuery({
    queryKey: triggerKeys.configuration(id),
    queryFn: () => triggersApi.configuration(id),
  });
  const triggers = useQuery({ queryKey: triggerKeys.triggers, queryFn: triggersApi.triggers });
  const links = useQuery({ queryKey: triggerKeys.links, queryFn: triggersApi.links });
  const [form, setForm] = useState({ name: '', description: '', active: true });
  const [drafts, setDrafts] = useState<LinkDraft[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(() => {
    if (config.data)
      setForm({
        name: config.data.name,
        description: config.data.description ?? '',
        active: config.data.active,
      });
  }, [config.data]);

  const save = useMutation({
    mutationFn: () =>
      triggersApi.updateConfiguration(id, {
        name: form.name,
        description: form.description || null,
        active: form.active,
      }),
    onSuccess: async () => {
      setMessage('Configuration saved.');
      await client.invalidateQueries({ queryKey: triggerKeys.configurations });
    },
    onError: (e) => setMessage(errorMessage(e)),
  });

  if (!hasPermission(viewer, 'triggers.read')) return <ForbiddenPage />;
  if (config.isPending || triggers.isPending || links.isPending)
    return <LoadingState label="Loading the configuration…" />;
  if (config.isError)
    return <ErrorState title="The configuration could not be loaded" error={config.error} />;
  if (triggers.isError) return <ErrorState title="The triggers could not be loaded" error={triggers.error} />;
  if (links.isError)
    return <ErrorState title="The configuration triggers could not be loaded" error={links.error} />;

  // The events of the catalogue (what the platform records) and the manual triggers.
  const options = triggers.data.items
    .filter((t) => t.kind === 'manual' || eventMeaning(t.code) !== undefined)
    .map((t) => ({ value: t.id, label: t.name, means: eventMeaning(t.code) ?? t.description ?? undefined }));
  const saved: LinkDraft[] = links.data
    .filter((l) => l.trigger_configuration_id === id && !l.removed)
    .map((l) => ({
      id: l.id,
      trigger_id: l.trigger_id,
      sort_order: l.sort_order,
      actions: l.actions,
      saved: true,
      activity: { last_fired_at: l.last_fired_at, failed_count: l.failed_count },
    }));
  const shown = [...saved, ...drafts.filter((d) => !saved.some((s) => s.id === d.id))];

  return (
    <Stack gap="md">
      <PageHeader
        title={config.data.name}
        description={
          <Anchor component={Link} to={TRIGGERS_BASE}>
            All trigger configurations
          </Anchor>
        }
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs">
          <TextInput
            label="Name"
            required
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            disabled={!canWrite}
          />
          <Textarea
            label="Description"
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
            disabled={!canWrite}
          />
          <Checkbox
            label="Active"
            checked={form.active}
            onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })}
            disabled={!canWrite}
          />
          {canWrite ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save configuration
              </Button>
            </Group>
          ) : null}
          {message ? <Text role="status">{message}</Text> : null}
        </Stack>
      </form>
      {shown.map((draft) => (
        <LinkEditor
          key={draft.id}
          configurationId={id}
          draft={draft}
          triggers={options}
          allLinks={links.data}
          canWrite={canWrite}
          onRemoved={() => setDrafts((list) => list.filter((d) => d.id !== draft.id))}
        />
      ))}
      {canWrite ? (
        <Group>
          <Button
            variant="default"
            onClick={() =>
              setDrafts((list) => [
                ...list,
                {
                  id: crypto.randomUUID(),
                  trigger_id: options[0]?.value ?? '',
                  sort_order: shown.length,
                  actions: [],
                  saved: false,
                },
              ])
            }
          >
            Add a trigger
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
