import { type FireDrillInput, fireDrillTypeLabels, fireDrillTypes } from '@licensure/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { humanCheckToken } from '../../platform/human-check/human-check';
import { drillKeys, fireDrillsApi } from './fire-drills-api';
import { SchoolDrills } from './school-drills';

const today = () => new Date().toLocaleDateString('en-CA');
const empty = () => ({
  drill_date: today(),
  drill_time: '',
  drill_type: 'fire' as FireDrillInput['drill_type'],
  announced: false,
  evacuation_seconds: '' as number | '',
  occupants: '' as number | '',
  notes: '',
  reporter_name: '',
  reporter_title: '',
  reporter_email: '',
  reporter_phone: '',
});

/** `/firedrill`: a school reports a drill without an account, and sees the drills it reported. */
export function FireDrillFormPage() {
  const client = useQueryClient();
  const [systemId, setSystemId] = useState<string | null>(null);
  const [schoolId, setSchoolId] = useState<string | null>(null);
  const [form, setForm] = useState(empty);
  const [receipt, setReceipt] = useState<string | null>(null);
  const systems = useQuery({ queryKey: drillKeys.systems, queryFn: fireDrillsApi.systems });
  const schools = useQuery({
    queryKey: drillKeys.schools(systemId),
    queryFn: () => fireDrillsApi.schools(systemId!),
    enabled: systemId !== null,
  });
  const report = useMutation({
    mutationFn: async () => {
      const token = await humanCheckToken('firedrill');
      return fireDrillsApi.report(
        {
          ...form,
          school_id: schoolId ?? '',
          evacuation_seconds: form.evacuation_seconds === '' ? undefined : form.evacuation_seconds,
          occupants: form.occupants === '' ? undefined : form.occupants,
        },
        token,
      );
    },
    onSuccess: async (r) => {
      setReceipt(r.message);
      setForm(empty());
      await client.invalidateQueries({ queryKey: drillKeys.all });
    },
  });
  const fieldErrors: Record<string, string> = report.error instanceof ApiError ? report.error.fields : {};
  const err = (k: string) => fieldErrors[`drill.${k}`] ?? fieldErrors[k];
  const set =
    <K extends keyof ReturnType<typeof empty>>(k: K) =>
    (v: ReturnType<typeof empty>[K]) =>
      setForm((f) => ({ ...f, [k]: v }));
  const needsEvacuation = form.drill_type === 'fire' || form.drill_type === 'evacuation';
  return (
    <Stack gap="md">
      <PageHeader
        title="Report a fire drill"
        description="Schools report each drill here; no account is needed."
      />
      {receipt ? (
        <Alert color="green" title="Drill recorded" role="status">
          <Text>{receipt}</Text>
        </Alert>
      ) : null}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setReceipt(null);
          report.mutate();
        }}
        noValidate
      >
        <Stack gap="sm" maw={720}>
          <Group grow align="flex-start">
            <Select
              label="School system"
              required
              searchable
              data={(systems.data ?? []).map((s) => ({ value: s.id, label: s.label }))}
              value={systemId}
              onChange={(v) => {
                setSystemId(v);
                setSchoolId(null);
              }}
            />
            <Select
              label="School"
              required
              searchable
              disabled={!systemId}
              data={(schools.data ?? []).map((s) => ({
                value: s.id,
                label: s.city ? `${s.label} (${s.city})` : s.label,
              }))}
              value={schoolId}
              onChange={setSchoolId}
              error={err('school_id')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              type="date"
              label="Date of the drill"
              required
              value={form.drill_date}
              onChange={(e) => set('drill_date')(e.currentTarget.value)}
              error={err('drill_date')}
            />
            <TextInput
              type="time"
              label="Time it started"
              value={form.drill_time}
              onChange={(e) => set('drill_time')(e.currentTarget.value)}
              error={err('drill_time')}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Kind of drill"
              required
              allowDeselect={false}
              data={fireDrillTypes.map((t) => ({ value: t, label: fireDrillTypeLabels[t] }))}
              value={form.drill_type}
              onChange={(v) => set('drill_type')((v ?? 'fire') as FireDrillInput['drill_type'])}
              error={err('drill_type')}
            />
            <NumberInput
              label="Evacuation time (seconds)"
              required={needsEvacuation}
              min={1}
              max={7200}
              value={form.evacuation_seconds}
              onChange={(v) => set('evacuation_seconds')(typeof v === 'number' ? v : '')}
              error={err('evacuation_seconds')}
            />
            <NumberInput
              label="People in the building"
              min={0}
              max={20000}
              value={form.occupants}
              onChange={(v) => set('occupants')(typeof v === 'number' ? v : '')}
              error={err('occupants')}
            />
          </Group>
          <Checkbox
            label="The drill was announced beforehand"
            checked={form.announced}
            onChange={(e) => set('announced')(e.currentTarget.checked)}
          />
          <Textarea
            label="Problems found, or other notes"
            autosize
            minRows={2}
            value={form.notes}
            onChange={(e) => set('notes')(e.currentTarget.value)}
            error={err('notes')}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Your name"
              required
              autoComplete="name"
              value={form.reporter_name}
              onChange={(e) => set('reporter_name')(e.currentTarget.value)}
              error={err('reporter_name')}
            />
            <TextInput
              label="Your title"
              autoComplete="organization-title"
              value={form.reporter_title}
              onChange={(e) => set('reporter_title')(e.currentTarget.value)}
              error={err('reporter_title')}
            />
          </Group>
          <Group grow align="flex-start">
            <TextInput
              type="email"
              label="Your email"
              required
              autoComplete="email"
              value={form.reporter_email}
              onChange={(e) => set('reporter_email')(e.currentTarget.value)}
              error={err('reporter_email')}
            />
            <TextInput
              type="tel"
              label="Your phone"
              autoComplete="tel"
              value={form.reporter_phone}
              onChange={(e) => set('reporter_phone')(e.currentTarget.value)}
              error={err('reporter_phone')}
            />
          </Group>
          {report.isError && !(report.error instanceof ApiError && Object.keys(fieldErrors).length > 0) ? (
            <Text c="var(--mantine-color-error)" role="alert">
              {errorMessage(report.error)}
            </Text>
          ) : null}
          {fieldErrors.recaptchaToken ? (
            <Text c="var(--mantine-color-error)" role="alert">
              {fieldErrors.recaptchaToken}
            </Text>
          ) : null}
          <Group>
            <Button type="submit" loading={report.isPending}>
              Report the drill
            </Button>
            {report.isPending ? (
              <Text role="status">Checking that you are not a robot, then sending…</Text>
            ) : null}
          </Group>
        </Stack>
      </form>
      {schoolId ? <SchoolDrills schoolId={schoolId} /> : null}
    </Stack>
  );
}
