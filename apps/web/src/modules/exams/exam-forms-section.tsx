import type { ExamFormOutput, ExamSkillOutput } from '@licensure/contracts';
import {
  Badge,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { ActiveButtons, BatchBar } from '../../platform/components/batch-bar';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { type Flash, FlashAlert, useChosen } from './batch-choice';
import { examKeys, examsApi, type ListItem } from './exams-api';

/**
 * The exam forms: batch activation, copies, creation, and the form-builder form each may have (the
 * examiner fills it for every candidate on the scoring screen).
 */
export function ExamFormsSection({ canWrite }: { canWrite: boolean }) {
  const { viewer } = useSignedIn();
  const client = useQueryClient();
  const { chosen, toggle, clear } = useChosen();
  const [flash, setFlash] = useState<Flash>(null);
  const [name, setName] = useState('');
  const [skillIds, setSkillIds] = useState<string[]>([]);
  const [fbFormId, setFbFormId] = useState<string | null>(null);
  const forms = useQuery({
    queryKey: examKeys.list('EXForms'),
    queryFn: () => examsApi.list<ExamFormOutput>('EXForms', { sortBy: 'name' }),
  });
  const skills = useQuery({
    queryKey: examKeys.list('EXSkill'),
    queryFn: () => examsApi.list<ExamSkillOutput>('EXSkill', { sortBy: 'name' }),
  });
  // Choosing a form-builder form needs the forms' list (forms.read); the names show for all.
  const readsForms = hasPermission(viewer, 'forms.read');
  const builderForms = useQuery({
    queryKey: examKeys.list('fbforms'),
    queryFn: () => examsApi.list<ListItem & { name: string }>('fbforms', { sortBy: 'name' }),
    enabled: readsForms,
  });
  const builderChoices = (builderForms.data?.items ?? []).map((f) => ({ value: f.id, label: f.name }));
  const builderName = (id: string | null) =>
    id ? (builderChoices.find((c) => c.value === id)?.label ?? 'A form-builder form') : 'None';
  const skillName = (id: string) => skills.data?.items.find((s) => s.id === id)?.name ?? 'Unknown skill';
  const done = (text: string) => {
    setFlash({ text, error: false });
    clear();
    void client.invalidateQueries({ queryKey: examKeys.all });
  };
  const statuses = useMutation({
    mutationFn: (active: boolean) => examsApi.formStatuses([...chosen], active),
    onSuccess: (r, active) =>
      done(`${r.updated} form${r.updated === 1 ? '' : 's'} ${active ? 'activated' : 'deactivated'}.`),
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const copy = useMutation({
    mutationFn: examsApi.copyForm,
    onSuccess: (f) => done(`Form copied as ${f.name}.`),
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const create = useMutation({
    mutationFn: () =>
      examsApi.saveForm(null, { name: name.trim(), skill_ids: skillIds, fb_form_id: fbFormId }),
    onSuccess: (f) => {
      setName('');
      setSkillIds([]);
      setFbFormId(null);
      done(`Form ${f.name} created.`);
    },
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const link = useMutation({
    mutationFn: (a: { form: ExamFormOutput; fbFormId: string | null }) =>
      examsApi.saveForm(a.form.id, {
        name: a.form.name,
        description: a.form.description,
        skill_ids: a.form.skill_ids,
        fb_form_id: a.fbFormId,
      }),
    onSuccess: (f) => done(`${f.name}: form-builder form ${f.fb_form_id ? 'set' : 'removed'}.`),
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const items = forms.data?.items ?? [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="forms-title">
      <Title order={2} size="h3" id="forms-title" mb="sm">
        Exam forms
      </Title>
      {forms.data && items.length === 0 ? <Text>No exam form yet.</Text> : null}
      {items.length ? (
        <Table>
          <Table.Caption>Exam forms</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {canWrite ? <Table.Th>Choose</Table.Th> : null}
              <Table.Th>Form</Table.Th>
              <Table.Th>Skills</Table.Th>
              <Table.Th>Form-builder form</Table.Th>
              <Table.Th>Status</Table.Th>
              {canWrite ? <Table.Th>Copy</Table.Th> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((f) => (
              <Table.Tr key={f.id}>
                {canWrite ? (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Choose ${f.name}`}
                      checked={chosen.has(f.id)}
                      onChange={(e) => toggle(f.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                ) : null}
                <Table.Td>{f.name}</Table.Td>
                <Table.Td>{f.skill_ids.map(skillName).join(', ') || 'None'}</Table.Td>
                <Table.Td>
                  {canWrite && readsForms ? (
                    <Select
                      aria-label={`Form-builder form of ${f.name}`}
                      placeholder="None"
                      clearable
                      searchable
                      data={builderChoices}
                      value={f.fb_form_id}
                      onChange={(v) => link.mutate({ form: f, fbFormId: v })}
                    />
                  ) : (
                    builderName(f.fb_form_id)
                  )}
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={f.active ? 'green' : 'gray'}>
                    {f.active ? 'Active' : 'Inactive'}
                  </Badge>
                </Table.Td>
                {canWrite ? (
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => copy.mutate(f.id)}
                      aria-label={`Copy ${f.name}`}
                    >
                      Copy
                    </Button>
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {canWrite ? (
        <Stack gap="sm" mt="md">
          <BatchBar label="Batch actions on the chosen forms" count={chosen.size}>
            <ActiveButtons count={chosen.size} noun="forms" onSet={(active) => statuses.mutate(active)} />
          </BatchBar>
          <FlashAlert flash={flash} />
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (name.trim()) create.mutate();
              else setFlash({ text: 'Give the form a name.', error: true });
            }}
          >
            <Group align="flex-end">
              <TextInput
                label="New form name"
                {...requiredLabelProps(true)}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
              />
              <MultiSelect
                label="Skills scored"
                searchable
                data={(skills.data?.items ?? []).map((s) => ({ value: s.id, label: s.name }))}
                value={skillIds}
                onChange={setSkillIds}
              />
              {readsForms ? (
                <Select
                  label="Form-builder form"
                  description="Filled by the examiner for each candidate"
                  clearable
                  searchable
                  data={builderChoices}
                  value={fbFormId}
                  onChange={setFbFormId}
                />
              ) : null}
              <Button type="submit" loading={create.isPending}>
                Create form
              </Button>
            </Group>
          </form>
        </Stack>
      ) : null}
    </Paper>
  );
}
