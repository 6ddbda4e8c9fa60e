import { type ExamSkillOutput, possiblePoints } from '@licensure/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ForbiddenPage, LoadFailure, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { examKeys, examsApi } from './exams-api';

/** `/staff/exams/skills/:id` (or `new`): the skill sheet editor. */
export function SkillEditorPage() {
  const { id = 'new' } = useParams();
  const { viewer } = useSignedIn();
  const isNew = id === 'new';
  const skill = useQuery({
    queryKey: examKeys.one('EXSkill', id),
    queryFn: () => examsApi.skill(id),
    enabled: !isNew,
  });
  if (!hasPermission(viewer, 'exams.read')) return <ForbiddenPage />;
  if (!isNew && skill.isPending) return <LoadingState label="Loading the skill…" />;
  if (!isNew && skill.isError)
    return <LoadFailure error={skill.error} what="skill" onRetry={() => void skill.refetch()} />;
  return (
    <SkillForm skill={isNew ? null : (skill.data ?? null)} canWrite={hasPermission(viewer, 'exams.write')} />
  );
}

interface Row {
  key: number;
  label: string;
  points: number;
}
let nextKey = 1;

function SkillForm({ skill, canWrite }: { skill: ExamSkillOutput | null; canWrite: boolean }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState(skill?.name ?? '');
  const [description, setDescription] = useState(skill?.description ?? '');
  const [category, setCategory] = useState<string | null>(skill?.category_id ?? null);
  const [minPoints, setMinPoints] = useState<number | string>(skill?.min_points ?? 0);
  const [timeLimit, setTimeLimit] = useState<number | string>(skill?.time_limit_seconds ?? '');
  const [critical, setCritical] = useState(skill?.critical ?? false);
  const [active, setActive] = useState(skill?.active ?? true);
  const [steps, setSteps] = useState<Row[]>(() =>
    (skill?.steps ?? []).map((s) => ({ ...s, key: nextKey++ })),
  );
  const [criteria, setCriteria] = useState<Row[]>(() =>
    (skill?.critical_criteria ?? []).map((c) => ({ label: c.label, points: 0, key: nextKey++ })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A new skill's page opens with its confirmation (the create navigates here with `saved`).
  const location = useLocation();
  const [saved, setSaved] = useState((location.state as { saved?: boolean } | null)?.saved === true);
  const categories = useQuery({
    queryKey: examKeys.list('EXSkillCategory'),
    queryFn: () => examsApi.list('EXSkillCategory'),
  });
  const save = useMutation({
    mutationFn: () =>
      examsApi.saveSkill(skill?.id ?? null, {
        name: name.trim(),
        description: description.trim() || null,
        category_id: category,
        min_points: Number(minPoints) || 0,
        time_limit_seconds: timeLimit === '' ? null : Number(timeLimit),
        critical,
        active,
        steps: steps.map((s) => ({ label: s.label.trim(), points: s.points })),
        critical_criteria: criteria.map((c) => ({ label: c.label.trim() })),
      }),
    onSuccess: (s) => {
      setErrors({});
      setSaved(true);
      void client.invalidateQueries({ queryKey: examKeys.all });
      if (!skill) navigate(`/staff/exams/skills/${s.id}`, { replace: true, state: { saved: true } });
    },
    onError: (e) => {
      setSaved(false);
      setErrors(e instanceof ApiError ? { ...e.fields, _: e.message } : { _: errorMessage(e) });
    },
  });
  const total = possiblePoints({ steps });
  const update = (set: typeof setSteps, key: number, patch: Partial<Row>) =>
    set((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  return (
    <Stack gap="md" maw={860}>
      <PageHeader
        title={skill ? skill.name : 'New skill'}
        description="A skill sheet examiners score on the session day."
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!name.trim()) setErrors({ name: 'Give the skill a name.' });
          else save.mutate();
        }}
        noValidate
      >
        <Stack gap="md">
          <Paper withBorder p="md">
            <Stack gap="sm">
              <TextInput
                label="Name"
                {...requiredLabelProps(true)}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={errors.name}
                disabled={!canWrite}
              />
              <Textarea
                label="Description"
                value={description}
                onChange={(e) => setDescription(e.currentTarget.value)}
                disabled={!canWrite}
              />
              <Group grow align="flex-start">
                <Select
                  label="Category"
                  clearable
                  data={(categories.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
                  value={category}
                  onChange={setCategory}
                  disabled={!canWrite}
                />
                <NumberInput
                  label="Points to pass"
                  description={`Of ${total} the steps are worth`}
                  min={0}
                  max={10000}
                  allowDecimal={false}
                  value={minPoints}
                  onChange={setMinPoints}
                  error={errors.min_points}
                  disabled={!canWrite}
                />
                <NumberInput
                  label="Time limit (seconds)"
                  description="Empty: no limit"
                  min={1}
                  max={86400}
                  allowDecimal={false}
                  value={timeLimit}
                  onChange={setTimeLimit}
                  error={errors.time_limit_seconds}
                  disabled={!canWrite}
                />
              </Group>
              <Switch
                label="Critical skill (failing it fails the packet)"
                checked={critical}
                onChange={(e) => setCritical(e.currentTarget.checked)}
                disabled={!canWrite}
              />
              <Switch
                label="Active"
                checked={active}
                onChange={(e) => setActive(e.currentTarget.checked)}
                disabled={!canWrite}
              />
            </Stack>
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="steps-title">
            <Title order={2} size="h3" id="steps-title" mb="sm">
              Steps
            </Title>
            {steps.length === 0 ? <Text>No step yet.</Text> : null}
            <Stack gap="xs">
              {steps.map((s, i) => (
                <Group key={s.key} align="flex-end">
                  <TextInput
                    label={`Step ${i + 1}`}
                    value={s.label}
                    onChange={(e) => update(setSteps, s.key, { label: e.currentTarget.value })}
                    error={errors[`steps.${i}.label`]}
                    style={{ flex: 1 }}
                    disabled={!canWrite}
                  />
                  <NumberInput
                    label={`Points of step ${i + 1}`}
                    min={0}
                    max={100}
                    allowDecimal={false}
                    w={140}
                    value={s.points}
                    onChange={(v) => update(setSteps, s.key, { points: Number(v) || 0 })}
                    disabled={!canWrite}
                  />
                  {canWrite ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove step ${i + 1}`}
                      onClick={() => setSteps((rows) => rows.filter((r) => r.key !== s.key))}
                    >
                      ×
                    </ActionIcon>
                  ) : null}
                </Group>
              ))}
            </Stack>
            {canWrite ? (
              <Button
                mt="sm"
                variant="default"
                onClick={() => setSteps((rows) => [...rows, { key: nextKey++, label: '', points: 1 }])}
              >
                Add step
              </Button>
            ) : null}
          </Paper>
          <Paper withBorder p="md" component="section" aria-labelledby="criteria-title">
            <Title order={2} size="h3" id="criteria-title" mb="sm">
              Critical criteria
            </Title>
            <Text size="sm" mb="sm">
              Checking any one of these fails the skill, whatever the points.
            </Text>
            {criteria.length === 0 ? <Text>No critical criterion yet.</Text> : null}
            <Stack gap="xs">
              {criteria.map((c, i) => (
                <Group key={c.key} align="flex-end">
                  <TextInput
                    label={`Criterion ${i + 1}`}
                    value={c.label}
                    onChange={(e) => update(setCriteria, c.key, { label: e.currentTarget.value })}
                    error={errors[`critical_criteria.${i}.label`]}
                    style={{ flex: 1 }}
                    disabled={!canWrite}
                  />
                  {canWrite ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={`Remove criterion ${i + 1}`}
                      onClick={() => setCriteria((rows) => rows.filter((r) => r.key !== c.key))}
                    >
                      ×
                    </ActionIcon>
                  ) : null}
                </Group>
              ))}
            </Stack>
            {canWrite ? (
              <Button
                mt="sm"
                variant="default"
                onClick={() => setCriteria((rows) => [...rows, { key: nextKey++, label: '', points: 0 }])}
              >
                Add criterion
              </Button>
            ) : null}
          </Paper>
          {errors._ ? (
            <Alert color="red" role="alert">
              {errors._}
            </Alert>
          ) : null}
          {saved ? (
            <Alert color="green" role="status">
              Skill saved.
            </Alert>
          ) : null}
          {canWrite ? (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save skill
              </Button>
            </Group>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
