import type { LicenseScheduledTaskOutput } from '@licensure/contracts';
import { Anchor, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { loadOptions } from '../triggers/triggers-api';
import { SCHEDULED_TASKS_BASE, type TaskInput, taskKeys, tasksApi } from './scheduled-tasks-api';
import { TaskLogs } from './task-logs';

const empty: TaskInput = {
  name: '',
  description: null,
  license_id: null,
  frequency_begin_time: '12:00:00',
  expires_within_days: 60,
  certification_status_ids: [],
  level_ids: [],
  merge_template_ids: [],
  create_alerts: [],
  retire_alerts: [],
  active: true,
};

const inputOf = (t: LicenseScheduledTaskOutput): TaskInput => ({
  name: t.name,
  description: t.description,
  license_id: t.license_id,
  frequency_begin_time: t.frequency_begin_time_local,
  expires_within_days: t.expires_within_days,
  certification_status_ids: t.certification_status_ids,
  level_ids: t.level_ids,
  merge_template_ids: t.merge_template_ids,
  create_alerts: t.create_alerts,
  retire_alerts: t.retire_alerts,
  active: t.active,
});

const useOptions = (path: string) =>
  useQuery({
    queryKey: ['scheduled-tasks', 'options', path],
    queryFn: () => loadOptions(path),
    staleTime: 60_000,
  });

/** `/staff/scheduled-tasks/:id` (or `new`): a scheduled task, what it selects, run now, and its runs. */
export function TaskPage() {
  const { id = 'new' } = useParams();
  const isNew = id === 'new';
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const client = useQueryClient();
  const canWrite = hasPermission(viewer, 'scheduledTasks.write');
  const task = useQuery({ queryKey: taskKeys.one(id), queryFn: () => tasksApi.one(id), enabled: !isNew });
  const selection = useQuery({
    queryKey: taskKeys.selection(id),
    queryFn: () => tasksApi.selection(id),
    enabled: !isNew,
  });
  const licences = useOptions('/api/licenses?numPerPage=200');
  const alertTypes = useOptions('/api/alerttypes?numPerPage=200');
  const templates = useOptions('/api/mergetemplates?numPerPage=200');
  const [form, setForm] = useState<TaskInput>(empty);
  const [message, setMessage] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (task.data) setForm(inputOf(task.data));
  }, [task.data]);

  const save = useMutation({
    mutationFn: () => (isNew ? tasksApi.create(form) : tasksApi.update(id, form)),
    onSuccess: async (saved) => {
      setErrors({});
      setMessage('Scheduled task saved.');
      await client.invalidateQueries({ queryKey: taskKeys.list });
      if (isNew) navigate(`${SCHEDULED_TASKS_BASE}/${saved.id}`);
    },
    onError: (e) => {
      const fields = (e as { fields?: Record<string, string> }).fields ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.split('.').at(-1) ?? k, v])));
      setMessage(errorMessage(e));
    },
  });
  const run = useMutation({
    mutationFn: () => tasksApi.run(id),
    onSuccess: async (log) => {
      setMessage(
        `Ran: ${log.selected_count} selected, ${log.alerts_created} alerts created, ${log.alerts_retired} retired, ${log.letters_queued} letters.`,
      );
      await client.invalidateQueries({ queryKey: taskKeys.logs(id) });
    },
    onError: (e) => setMessage(errorMessage(e)),
  });

  if (!hasPermission(viewer, 'scheduledTasks.read')) return <ForbiddenPage />;
  if (!isNew && task.isPending) return <LoadingState label="Loading the scheduled task…" />;
  if (!isNew && task.isError)
    return <ErrorState title="The scheduled task could not be loaded" error={task.error} />;
  const alert = form.create_alerts[0] ?? { alert_type_id: '', value: '' };
  const retire = form.retire_alerts[0]?.alert_type_id ?? '';

  return (
    <Stack gap="md">
      <PageHeader
        title={isNew ? 'New scheduled task' : (task.data?.name ?? 'Scheduled task')}
        description={
          <Anchor component={Link} to={SCHEDULED_TASKS_BASE}>
            All scheduled tasks
          </Anchor>
        }
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="xs" maw={640}>
          <TextInput
            label="Name"
            required
            value={form.name}
            error={errors.name}
            disabled={!canWrite}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
          />
          <TextInput
            label="Description"
            value={form.description ?? ''}
            disabled={!canWrite}
            onChange={(e) => setForm({ ...form, description: e.currentTarget.value || null })}
          />
          <NativeSelect
            label="Licence"
            value={form.license_id ?? ''}
            disabled={!canWrite}
            data={[{ value: '', label: 'Any licence' }, ...(licences.data ?? [])]}
            onChange={(e) => setForm({ ...form, license_id: e.currentTarget.value || null })}
          />
          <TextInput
            label="Runs daily at (24-hour, local time)"
            description="HH:MM:SS; 12:00:00 when left empty"
            value={form.frequency_begin_time ?? ''}
            error={errors.frequency_begin_time}
            disabled={!canWrite}
            onChange={(e) => setForm({ ...form, frequency_begin_time: e.currentTarget.value || null })}
          />
          <TextInput
            label="Credentials expiring within (days)"
            type="number"
            min={0}
            value={form.expires_within_days ?? ''}
            error={errors.expires_within_days}
            disabled={!canWrite}
            onChange={(e) =>
              setForm({
                ...form,
                expires_within_days: e.currentTarget.value === '' ? null : Number(e.currentTarget.value),
              })
            }
          />
          <Title order={2} size="h4">
            Create an alert
          </Title>
          <Group align="flex-end">
            <NativeSelect
              label="Alert type"
              value={alert.alert_type_id}
              disabled={!canWrite}
              data={[{ value: '', label: 'No alert' }, ...(alertTypes.data ?? [])]}
              onChange={(e) =>
                setForm({
                  ...form,
                  create_alerts: e.currentTarget.value
                    ? [{ ...alert, alert_type_id: e.currentTarget.value }]
                    : [],
                })
              }
            />
            <TextInput
              label="Alert text"
              value={alert.value}
              disabled={!canWrite || !alert.alert_type_id}
              onChange={(e) =>
                setForm({ ...form, create_alerts: [{ ...alert, value: e.currentTarget.value }] })
              }
            />
          </Group>
          <NativeSelect
            label="Retire alerts of type"
            value={retire}
            disabled={!canWrite}
            data={[{ value: '', label: 'None' }, ...(alertTypes.data ?? [])]}
            onChange={(e) =>
              setForm({
                ...form,
                retire_alerts: e.currentTarget.value ? [{ alert_type_id: e.currentTarget.value }] : [],
              })
            }
          />
          {templates.data && templates.data.length > 0 ? (
            <Checkbox.Group
              label="Send these merge templates"
              value={form.merge_template_ids}
              onChange={(v) => setForm({ ...form, merge_template_ids: v })}
            >
              <Stack gap={4} mt={4}>
                {templates.data.map((t) => (
                  <Checkbox key={t.value} value={t.value} label={t.label} disabled={!canWrite} />
                ))}
              </Stack>
            </Checkbox.Group>
          ) : null}
          <Checkbox
            label="Active"
            checked={form.active}
            disabled={!canWrite}
            onChange={(e) => setForm({ ...form, active: e.currentTarget.checked })}
          />
          {canWrite ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save task
              </Button>
              {!isNew ? (
                <Button variant="default" onClick={() => run.mutate()} loading={run.isPending}>
                  Run now
                </Button>
              ) : null}
            </Group>
          ) : null}
          {message ? <Text role="status">{message}</Text> : null}
        </Stack>
      </form>
      {!isNew ? (
        <Stack gap="xs">
          <Title order={2} size="h3">
            What it selects today
          </Title>
          <Text>{selection.data ? `${selection.data.total} credential(s)` : 'Counting…'}</Text>
          <Title order={2} size="h3">
            Runs
          </Title>
          <TaskLogs taskId={id} />
        </Stack>
      ) : null}
    </Stack>
  );
}
