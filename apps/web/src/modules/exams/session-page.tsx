import {
  Alert,
  Badge,
  Button,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ResponsiveTable } from '../../platform/components/responsive-table';
import { LoadFailure, LoadingState } from '../../platform/components/status';
import { DeleteDialog } from '../../platform/resources/delete-dialog';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { ConfirmDialog } from '../responses/confirm-dialog';
import {
  type CandidateSummary,
  examKeys,
  examsApi,
  personName,
  type ResultSummary,
  type StaffMember,
} from './exams-api';
import { SessionDocumentsSection } from './session-documents-section';

const statusColor = { registered: 'blue', passed: 'green', failed: 'red', withdrawn: 'gray' } as const;

/** `/staff/exams/sessions/:id`: a session with its roster, staff, results by skill and documents. */
export function SessionPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const session = useQuery({
    queryKey: examKeys.one('ExamSessions', id),
    queryFn: () => examsApi.session(id),
  });
  const summary = useQuery({
    queryKey: examKeys.session(id, 'summary'),
    queryFn: () => examsApi.sessionSummary(id),
  });
  const candidates = useQuery({
    queryKey: examKeys.session(id, 'candidates'),
    queryFn: () => examsApi.candidates(id),
  });
  const coordinators = useQuery({
    queryKey: examKeys.session(id, 'coordinators'),
    queryFn: () => examsApi.sessionStaff(id, 'Coordinators'),
  });
  const examiners = useQuery({
    queryKey: examKeys.session(id, 'examiners'),
    queryFn: () => examsApi.sessionStaff(id, 'Examiners'),
  });
  const results = useQuery({
    queryKey: examKeys.session(id, 'results'),
    queryFn: () => examsApi.resultSummaries(id),
  });
  const client = useQueryClient();
  const navigate = useNavigate();
  const [withdrawing, setWithdrawing] = useState<CandidateSummary | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: (c: CandidateSummary) => examsApi.withdraw(id, c.id),
    onSuccess: () => {
      setWithdrawing(null);
      void client.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (e) => setActionError(errorMessage(e)),
  });
  const remove = useMutation({
    mutationFn: (reason: string) => examsApi.deleteSession(id, reason),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: examKeys.all });
      navigate('/staff/exams');
    },
    onError: (e) => setActionError(errorMessage(e)),
  });
  if (session.isPending) return <LoadingState label="Loading the session…" />;
  if (session.isError)
    return <LoadFailure error={session.error} what="session" onRetry={() => void session.refetch()} />;
  const s = session.data;
  const title = [s.number, s.name].filter(Boolean).join(' · ') || `Session of ${s.session_date}`;
  const canScore = hasPermission(viewer, 'exams.score');
  const canWrite = hasPermission(viewer, 'exams.write');
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={`${s.session_date}${s.start_time ? ` at ${s.start_time}` : ''}${s.location ? `, ${s.location}` : ''}`}
        actions={
          <>
            {canScore ? (
              <Button component={Link} to={`/staff/exams/sessions/${s.id}/score`}>
                Score candidates
              </Button>
            ) : null}
            {canWrite ? (
              <Button variant="default" color="red" onClick={() => setDeleting(true)}>
                Delete session
              </Button>
            ) : null}
          </>
        }
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label="Packet" value={s.exam_packet ?? '—'} />
        <Figure label="Status" value={s.status ?? '—'} />
        <Figure
          label="Registered"
          value={summary.data ? `${summary.data.registered} of ${summary.data.capacity}` : '…'}
        />
        <Figure
          label="Passed / failed"
          value={summary.data ? `${summary.data.passed} / ${summary.data.failed}` : '…'}
        />
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="roster-title">
        <Title order={2} size="h3" id="roster-title" mb="sm">
          Candidates
        </Title>
        {candidates.isPending ? <LoadingState label="Loading candidates…" /> : null}
        {candidates.data?.length === 0 ? <Text>No candidate is registered yet.</Text> : null}
        {candidates.data?.length ? (
          <ResponsiveTable<CandidateSummary>
            caption="Candidates of the session"
            rows={candidates.data}
            rowKey={(c) => c.id}
            columns={[
              { key: 'name', header: 'Candidate', render: (c) => c.name ?? 'Unnamed candidate' },
              { key: 'attempt', header: 'Attempt', render: (c) => String(c.attempt) },
              {
                key: 'status',
                header: 'Result',
                render: (c) => (
                  <Badge variant="light" color={statusColor[c.status]}>
                    {c.status}
                  </Badge>
                ),
              },
              {
                key: 'skills',
                header: 'Skills passed',
                render: (c) => `${c.skills_passed} of ${c.skills_scored} scored`,
              },
              { key: 'points', header: 'Points', render: (c) => String(c.points) },
              {
                key: 'withdraw',
                header: 'Withdraw',
                render: (c) =>
                  canWrite && c.status === 'registered' ? (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setWithdrawing(c)}
                      aria-label={`Withdraw ${c.name ?? 'the candidate'}`}
                    >
                      Withdraw
                    </Button>
                  ) : null,
              },
            ]}
          />
        ) : null}
        {hasPermission(viewer, 'exams.write') ? <RegisterCandidate sessionId={s.id} /> : null}
      </Paper>

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <StaffSection title="Coordinators" members={coordinators.data} />
        <StaffSection title="Examiners" members={examiners.data} />
      </SimpleGrid>

      <Paper withBorder p="md" component="section" aria-labelledby="results-title">
        <Title order={2} size="h3" id="results-title" mb="sm">
          Results by skill
        </Title>
        {results.data?.length === 0 ? <Text>No result is recorded yet.</Text> : null}
        {results.data?.length ? (
          <ResponsiveTable<ResultSummary>
            caption="Results by skill"
            rows={results.data}
            rowKey={(r) => `${r.exam_form_id}-${r.skill_id}`}
            columns={[
              { key: 'skill', header: 'Skill', render: (r) => r.skill_name },
              { key: 'form', header: 'Form', render: (r) => r.form_name },
              { key: 'passed', header: 'Passed', render: (r) => String(r.passed) },
              { key: 'failed', header: 'Failed', render: (r) => String(r.failed) },
              { key: 'critical', header: 'Critical failures', render: (r) => String(r.critical_failures) },
            ]}
          />
        ) : null}
      </Paper>

      {s.notes ? (
        <Paper withBorder p="md" component="section" aria-labelledby="notes-title">
          <Title order={2} size="h3" id="notes-title" mb="sm">
            Notes
          </Title>
          <Text size="sm">{s.notes}</Text>
        </Paper>
      ) : null}
      <SessionDocumentsSection sessionId={s.id} canWrite={canWrite} />
      <ConfirmDialog
        opened={withdrawing !== null}
        title="Withdraw the candidate?"
        message={`${withdrawing?.name ?? 'The candidate'} loses the seat; the sitting does not count as a failed attempt.`}
        confirmLabel="Withdraw"
        danger
        busy={withdraw.isPending}
        error={actionError}
        onCancel={() => {
          setWithdrawing(null);
          setActionError(null);
        }}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
      />
      <DeleteDialog
        opened={deleting}
        singular="exam session"
        name={title}
        askReason
        busy={remove.isPending}
        error={actionError}
        onCancel={() => {
          setDeleting(false);
          setActionError(null);
        }}
        onConfirm={(reason) => remove.mutate(reason ?? '')}
      />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </Paper>
  );
}

function StaffSection({ title, members }: { title: string; members: StaffMember[] | undefined }) {
  const id = `${title.toLowerCase()}-title`;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id} mb="sm">
        {title}
      </Title>
      {members?.length === 0 ? <Text>None assigned.</Text> : null}
      <List>
        {(members ?? []).map((m) => (
          <List.Item key={m.user_id}>
            {personName(m)}
            {m.function_as ? ` (${m.function_as})` : ''}
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** Registers a request waiting for the exam of the session's packet. */
function RegisterCandidate({ sessionId }: { sessionId: string }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const eligible = useQuery({
    queryKey: examKeys.session(sessionId, 'eligible'),
    queryFn: () => examsApi.eligible(sessionId),
  });
  const register = useMutation({
    mutationFn: (requestId: string) => examsApi.register(sessionId, requestId),
    onSuccess: (c) => {
      setMessage({ text: `${c.name ?? 'The candidate'} is registered.`, error: false });
      setChosen(null);
      void client.invalidateQueries({ queryKey: examKeys.all });
    },
    onError: (e) => setMessage({ text: errorMessage(e), error: true }),
  });
  const open = (eligible.data ?? []).filter((r) => !r.registered);
  return (
    <Group align="flex-end" mt="md">
      <Select
        label="Register a candidate"
        description="Requests whose exam process is pending, for this packet's level"
        placeholder={open.length ? 'Choose a request' : 'No request is waiting'}
        data={open.map((r) => ({
          value: r.license_request_id,
          label: `${r.name ?? 'Unnamed'} · ${r.license_name ?? 'request'}${r.refusal ? ' (retest refused)' : ''}`,
        }))}
        value={chosen}
        onChange={setChosen}
        searchable
      />
      <Button
        disabled={!chosen}
        loading={register.isPending}
        onClick={() => chosen && register.mutate(chosen)}
      >
        Register
      </Button>
      {message ? (
        <Alert color={message.error ? 'red' : 'green'} role={message.error ? 'alert' : 'status'} w="100%">
          {message.text}
        </Alert>
      ) : null}
    </Group>
  );
}
