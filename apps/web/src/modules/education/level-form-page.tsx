import type { LevelOutput } from '@licensure/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { DeleteDialog } from '../../platform/resources/delete-dialog';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { educationApi, educationKeys } from './education-api';
import { levelsApi } from './levels-page';

interface Row {
  key: number;
  topic_id: string;
  application_type_id: string;
  hours: number | string;
}

function LevelForm({ level }: { level?: LevelOutput }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { viewer } = useSignedIn();
  const canWrite = hasPermission(viewer, 'education.write');
  const ref = (path: string) => ({
    queryKey: educationKeys.refs(path),
    queryFn: ({ signal }: { signal: AbortSignal }) => educationApi.refs(path, signal),
  });
  const topics = useQuery(ref('EducationModule/Topics'));
  const types = useQuery(ref('ApplicationTypes'));
  const categoryLevels = useQuery(ref('licensecategorylevels'));
  const [label, setLabel] = useState(level?.label ?? '');
  const [description, setDescription] = useState(level?.description ?? '');
  const [categoryLevel, setCategoryLevel] = useState(level?.license_category_level_id ?? '');
  const [cycle, setCycle] = useState<number | string>(level?.cycle_months ?? 24);
  const [active, setActive] = useState(level?.active ?? true);
  const [rows, setRows] = useState<Row[]>(
    (level?.requirements ?? []).map((r, i) => ({
      key: i,
      topic_id: r.topic_id,
      application_type_id: r.application_type_id ?? '',
      hours: r.hours,
    })),
  );
  const [deleting, setDeleting] = useState(false);
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: educationKeys.all });
    navigate('/staff/education/levels');
  };
  const save = useMutation({
    mutationFn: () => {
      const body = {
        level: {
          label,
          description: description || null,
          license_category_level_id: categoryLevel || null,
          cycle_months: Number(cycle),
          active,
          requirements: rows
            .filter((r) => r.topic_id)
            .map((r) => ({
              topic_id: r.topic_id,
              application_type_id: r.application_type_id || null,
              hours: Number(r.hours),
            })),
        },
      };
      return level ? api.put(`/api/Levels/${level.id}`, body) : api.post('/api/Levels', body);
    },
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (reason?: string) => api.delete(`/api/Levels/${level?.id}`, { query: { reason } }),
    onSuccess: done,
  });
  const { fields, other } = fieldErrorsOf(save.error, [
    'label',
    'cycle_months',
    'requirements',
    'license_category_level_id',
  ]);
  const options = (items: { id: string; label: string }[] | undefined, empty: string) => [
    { value: '', label: empty },
    ...(items ?? []).map((t) => ({ value: t.id, label: t.label })),
  ];
  const update = (key: number, change: Partial<Row>) =>
    setRows((s) => s.map((x) => (x.key === key ? { ...x, ...change } : x)));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="sm" maw={720}>
        <TextInput
          label="Name"
          {...requiredLabelProps(true)}
          value={label}
          onChange={(e) => setLabel(e.currentTarget.value)}
          error={fields.label}
          disabled={!canWrite}
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          disabled={!canWrite}
        />
        <NativeSelect
          label="Category level renewed"
          description="Holders of this licence level renew with these hours."
          value={categoryLevel}
          onChange={(e) => setCategoryLevel(e.currentTarget.value)}
          data={options(categoryLevels.data?.items, '(none)')}
          error={fields.license_category_level_id}
          disabled={!canWrite}
        />
        <NumberInput
          label="Cycle (months)"
          min={1}
          max={120}
          value={cycle}
          onChange={setCycle}
          error={fields.cycle_months}
          w={180}
          disabled={!canWrite}
        />
        <Checkbox
          label="Active"
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
          disabled={!canWrite}
        />
        <Title order={2} size="h3">
          Hours required by topic
        </Title>
        {rows.length === 0 ? <Alert color="gray">No hours are required yet.</Alert> : null}
        {rows.map((r, i) => (
          <Group key={r.key} align="flex-end" gap="sm">
            <NativeSelect
              label={`Topic ${i + 1}`}
              value={r.topic_id}
              onChange={(e) => update(r.key, { topic_id: e.currentTarget.value })}
              data={options(topics.data?.items, 'Choose…')}
              w={220}
              disabled={!canWrite}
            />
            <NativeSelect
              label={`Application of requirement ${i + 1}`}
              value={r.application_type_id}
              onChange={(e) => update(r.key, { application_type_id: e.currentTarget.value })}
              data={options(types.data?.items, 'Every application')}
              w={220}
              disabled={!canWrite}
            />
            <NumberInput
              label={`Hours of requirement ${i + 1}`}
              min={0}
              step={0.5}
              decimalScale={2}
              value={r.hours}
              onChange={(hours) => update(r.key, { hours })}
              w={150}
              disabled={!canWrite}
            />
            {canWrite ? (
              <Button
                variant="subtle"
                onClick={() => setRows((s) => s.filter((x) => x.key !== r.key))}
                aria-label={`Remove requirement ${i + 1}`}
              >
                Remove
              </Button>
            ) : null}
          </Group>
        ))}
        {fields.requirements ? <Alert color="red">{fields.requirements}</Alert> : null}
        {canWrite ? (
          <>
            <div>
              <Button
                variant="default"
                onClick={() =>
                  setRows((s) => [...s, { key: Date.now(), topic_id: '', application_type_id: '', hours: 1 }])
                }
              >
                Add a requirement
              </Button>
            </div>
            {save.isError && Object.keys(fields).length === 0 ? (
              <Alert color="red" role="alert" title="The level could not be saved">
                {other.length ? other.join(' ') : errorMessage(save.error)}
              </Alert>
            ) : null}
            <Group gap="sm">
              <Button type="submit" loading={save.isPending}>
                Save the level
              </Button>
              {level ? (
                <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                  Delete
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
        {level ? (
          <DeleteDialog
            opened={deleting}
            singular="level"
            name={level.label}
            busy={remove.isPending}
            error={remove.isError ? errorMessage(remove.error) : null}
            askReason
            onCancel={() => setDeleting(false)}
            onConfirm={(reason) => remove.mutate(reason)}
          />
        ) : null}
      </Stack>
    </form>
  );
}

/** `/staff/education/levels/new` and `/staff/education/levels/:id`. */
export function LevelFormPage() {
  const { id } = useParams();
  const level = useQuery({
    queryKey: [...educationKeys.all, 'level', id],
    queryFn: ({ signal }) => levelsApi.one(id ?? '', signal),
    enabled: !!id,
  });
  if (!id)
    return (
      <Stack gap="md">
        <PageHeader title="New education level" />
        <LevelForm />
      </Stack>
    );
  if (level.isPending) return <LoadingState label="Loading the level…" />;
  if (level.isError)
    return (
      <ErrorState
        error={level.error}
        title="The level could not be loaded"
        onRetry={() => void level.refetch()}
      />
    );
  return (
    <Stack gap="md">
      <PageHeader title={level.data.label} documentTitle={`Education level ${level.data.label}`} />
      <LevelForm level={level.data} />
    </Stack>
  );
}
