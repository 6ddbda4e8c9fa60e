import type { ExamPacketOutput, ExamStaffOutput } from '@licensure/contracts';
import {
  Alert,
  Anchor,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { examKeys, examsApi, personName, type SessionSummary } from './exams-api';
import { SessionViewSwitch } from './session-view-switch';

/** `/staff/exams`: every session with its seats and results, and scheduling a new one. */
export function SessionsPage() {
  const { viewer } = useSignedIn();
  const summaries = useQuery({ queryKey: examKeys.summaries, queryFn: examsApi.summaries });
  if (!hasPermission(viewer, 'exams.read')) return <ForbiddenPage />;
  return (
    <Stack gap="md">
      <PageHeader
        title="Exam sessions"
        description="Psychomotor and certification exam sessions, latest first."
        actions={
          <Group gap="sm">
            <SessionViewSwitch current="list" />
            <Button variant="default" component={Link} to="/staff/exams/packets">
              Packets and forms
            </Button>
            <Button variant="default" component={Link} to="/staff/exams/skills">
              Skills
            </Button>
            <Button variant="default" component={Link} to="/staff/exams/staff">
              Coordinators and examiners
            </Button>
          </Group>
        }
      />
      {summaries.isPending ? <LoadingState label="Loading sessions…" /> : null}
      {summaries.isError ? (
        <ErrorState
          error={summaries.error}
          title="Sessions could not be loaded"
          onRetry={() => void summaries.refetch()}
        />
      ) : null}
      {summaries.data?.length === 0 ? <Text>No session is scheduled yet.</Text> : null}
      {summaries.data?.length ? (
        <ResponsiveTable<SessionSummary>
          caption="Exam sessions"
          rows={summaries.data}
          rowKey={(s) => s.id}
          columns={[
            {
              key: 'session',
              header: 'Session',
              render: (s) => (
                <Anchor component={Link} to={`/staff/exams/sessions/${s.id}`}>
                  {[s.number, s.name].filter(Boolean).join(' · ') || s.session_date}
                </Anchor>
              ),
            },
            { key: 'date', header: 'Date', render: (s) => s.session_date },
            { key: 'location', header: 'Location', render: (s) => s.location },
            { key: 'packet', header: 'Packet', render: (s) => s.exam_packet },
            { key: 'status', header: 'Status', render: (s) => s.status },
            { key: 'seats', header: 'Registered', render: (s) => `${s.registered} of ${s.capacity}` },
            { key: 'results', header: 'Passed / failed', render: (s) => `${s.passed} / ${s.failed}` },
          ]}
        />
      ) : null}
      {hasPermission(viewer, 'exams.write') ? <NewSessionForm /> : null}
    </Stack>
  );
}

const choices = (items: { id: string; label: string }[] | undefined) =>
  (items ?? []).map((i) => ({ value: i.id, label: i.label }));
const staffChoices = (items: ExamStaffOutput[] | undefined) =>
  (items ?? []).filter((s) => s.active).map((s) => ({ value: s.user_id, label: personName(s) }));

/** Schedules a session: date, time, location, packet, seats, coordinators and examiners. */
function NewSessionForm() {
  const navigate = useNavigate();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [location, setLocation] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [packet, setPacket] = useState<string | null>(null);
  const [capacity, setCapacity] = useState<number | string>(10);
  const [coordinators, setCoordinators] = useState<string[]>([]);
  const [examiners, setExaminers] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const locations = useQuery({
    queryKey: examKeys.list('ExamLocations'),
    queryFn: () => examsApi.list('ExamLocations'),
  });
  const statuses = useQuery({
    queryKey: examKeys.list('EXSessionStatus'),
    queryFn: () => examsApi.list('EXSessionStatus'),
  });
  const packets = useQuery({
    queryKey: examKeys.list('ExamPackets', { active: true }),
    queryFn: () => examsApi.list<ExamPacketOutput>('ExamPackets', { active: true }),
  });
  const coordinatorRoster = useQuery({
    queryKey: examKeys.list('ExamCoordinators'),
    queryFn: () => examsApi.roster('ExamCoordinators'),
  });
  const examinerRoster = useQuery({
    queryKey: examKeys.list('ExamExaminers'),
    queryFn: () => examsApi.roster('ExamExaminers'),
  });
  const create = useMutation({
    mutationFn: () =>
      examsApi.createSession({
        name: name.trim() || null,
        session_date: date,
        start_time: time || null,
        location_id: location,
        status_id: status,
        exam_packet_id: packet ?? '',
        capacity: Number(capacity),
        coordinator_ids: coordinators,
        examiner_ids: examiners,
      }),
    onSuccess: (s) => {
      void client.invalidateQueries({ queryKey: examKeys.all });
      navigate(`/staff/exams/sessions/${s.id}`);
    },
    onError: (e) => setErrors(e instanceof ApiError ? { ...e.fields, _: e.message } : { _: errorMessage(e) }),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const missing: Record<string, string> = {};
    if (!date) missing.session_date = 'Choose the date of the session.';
    if (!packet) missing.exam_packet_id = 'Choose the packet candidates take.';
    if (!(Number(capacity) >= 1)) missing.capacity = 'Give the number of seats (1 or more).';
    setErrors(missing);
    if (Object.keys(missing).length === 0) create.mutate();
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="new-session-title">
      <Title order={2} size="h3" id="new-session-title" mb="sm">
        Schedule a session
      </Title>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label="Name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errors.name}
          />
          <Group grow align="flex-start">
            <TextInput
              label="Date"
              type="date"
              {...requiredLabelProps(true)}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.session_date}
            />
            <TextInput
              label="Start time"
              type="time"
              value={time}
              onChange={(e) => setTime(e.currentTarget.value)}
              error={errors.start_time}
            />
            <NumberInput
              label="Seats"
              {...requiredLabelProps(true)}
              min={1}
              max={10000}
              value={capacity}
              onChange={setCapacity}
              error={errors.capacity}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Packet"
              {...requiredLabelProps(true)}
              data={(packets.data?.items ?? []).map((p) => ({ value: p.id, label: p.name }))}
              value={packet}
              onChange={setPacket}
              error={errors.exam_packet_id}
            />
            <Select
              label="Location"
              clearable
              data={choices(locations.data?.items)}
              value={location}
              onChange={setLocation}
              error={errors.location_id}
            />
            <Select
              label="Status"
              clearable
              data={choices(statuses.data?.items)}
              value={status}
              onChange={setStatus}
              error={errors.status_id}
            />
          </Group>
          <MultiSelect
            label="Coordinators"
            searchable
            data={staffChoices(coordinatorRoster.data?.items)}
            value={coordinators}
            onChange={setCoordinators}
            error={errors.coordinator_ids}
          />
          <MultiSelect
            label="Examiners"
            searchable
            data={staffChoices(examinerRoster.data?.items)}
            value={examiners}
            onChange={setExaminers}
            error={errors.examiner_ids}
          />
          {errors._ ? (
            <Alert color="red" role="alert">
              {errors._}
            </Alert>
          ) : null}
          <Group>
            <Button type="submit" loading={create.isPending}>
              Schedule session
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
