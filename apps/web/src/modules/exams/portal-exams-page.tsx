import type { MyExams } from '@licensure/contracts';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { examKeys, examsApi } from './exams-api';

const outcome = {
  registered: 'Awaiting results',
  passed: 'Passed',
  failed: 'Failed',
  withdrawn: 'Withdrawn',
} as const;
const color = { registered: 'blue', passed: 'green', failed: 'red', withdrawn: 'gray' } as const;
type Registration = MyExams['registrations'][number];
const when = (r: Pick<Registration, 'session_date' | 'start_time' | 'location'>) =>
  `${r.session_date}${r.start_time ? ` at ${r.start_time.slice(0, 5)}` : ''}${r.location ? `, ${r.location}` : ''}`;
/** Candidates withdraw themselves until the day before the session (the server holds the same rule). */
const mayWithdraw = (r: Registration) =>
  r.status === 'registered' && r.session_date > new Date().toISOString().slice(0, 10);

/**
 * One scored skill in words: a failed one says why (the critical criterion missed, too few points, over
 * the time limit), as full points alone would read as a pass.
 */
export const resultLine = (r: Registration['results'][number]) =>
  `${r.skill_name ?? 'Skill'}: ${r.passed ? 'passed' : 'failed'} (${r.points} of ${r.possible} points)${
    !r.passed && r.reasons.length ? `. Why: ${r.reasons.join('; ')}.` : ''
  }`;

/** `/portal/exams`: the candidate's requests waiting for an exam, open sessions, registrations and results. */
export function PortalExamsPage() {
  const client = useQueryClient();
  const mine = useQuery({ queryKey: examKeys.mine, queryFn: examsApi.mine });
  const [flash, setFlash] = useState<{ text: string; error: boolean } | null>(null);
  const register = useMutation({
    mutationFn: (a: { session: string; request: string }) => examsApi.register(a.session, a.request),
    onSuccess: () => {
      setFlash({ text: 'You are registered for the session.', error: false });
      void client.invalidateQueries({ queryKey: examKeys.mine });
    },
    onError: (e) => setFlash({ text: errorMessage(e), error: true }),
  });
  const [withdrawing, setWithdrawing] = useState<Registration | null>(null);
  const [withdrawError, setWithdrawError] = useState<string | null>(null);
  const withdraw = useMutation({
    mutationFn: (r: Registration) => examsApi.withdrawMine(r.id),
    onSuccess: (_, r) => {
      setWithdrawing(null);
      setFlash({ text: `You have withdrawn from the session of ${when(r)}.`, error: false });
      void client.invalidateQueries({ queryKey: examKeys.mine });
    },
    onError: (e) => setWithdrawError(errorMessage(e)),
  });
  return (
    <Stack gap="md">
      <PageHeader title="My exams" description="Register for an exam session and see your results." />
      {mine.isPending ? <LoadingState label="Loading your exams…" /> : null}
      {mine.isError ? (
        <ErrorState
          error={mine.error}
          title="Your exams could not be loaded"
          onRetry={() => void mine.refetch()}
        />
      ) : null}
      {flash ? (
        <Alert color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
          {flash.text}
        </Alert>
      ) : null}
      {mine.data ? (
        <>
          <section aria-labelledby="waiting-title">
            <Title order={2} size="h3" id="waiting-title" mb="sm">
              Exams to take
            </Title>
            {mine.data.requests.length === 0 ? (
              <Text>None of your applications is waiting for an exam.</Text>
            ) : null}
            <Stack gap="sm">
              {mine.data.requests.map((r) => (
                <Paper key={`${r.license_request_id}-${r.exam_packet_id}`} withBorder p="md">
                  <Text fw={600}>
                    {r.exam_packet} for {r.license_name ?? 'your application'}
                    {r.level ? ` (${r.level})` : ''}
                  </Text>
                  <Text size="sm">Exam process: {r.process_status ?? 'Pending'}</Text>
                  {r.refusal ? (
                    <Alert color="red" mt="sm">
                      {r.refusal}
                    </Alert>
                  ) : r.registered ? (
                    <Text size="sm" mt="xs">
                      You are registered for a session.
                    </Text>
                  ) : r.open_sessions.length === 0 ? (
                    <Text size="sm" mt="xs">
                      No session is open for registration yet.
                    </Text>
                  ) : (
                    <List mt="xs" spacing="xs">
                      {r.open_sessions.map((s) => (
                        <List.Item key={s.id}>
                          <Group gap="sm">
                            <Text>
                              {s.session_date}
                              {s.start_time ? ` at ${s.start_time}` : ''}
                              {s.location ? `, ${s.location}` : ''} ({s.seats_left}{' '}
                              {s.seats_left === 1 ? 'seat' : 'seats'} left)
                            </Text>
                            <Button
                              size="xs"
                              loading={register.isPending}
                              onClick={() =>
                                register.mutate({ session: s.id, request: r.license_request_id })
                              }
                              aria-label={`Register for the session of ${s.session_date}`}
                            >
                              Register
                            </Button>
                          </Group>
                        </List.Item>
                      ))}
                    </List>
                  )}
                </Paper>
              ))}
            </Stack>
          </section>
          <section aria-labelledby="registrations-title">
            <Title order={2} size="h3" id="registrations-title" mb="sm">
              My sessions and results
            </Title>
            {mine.data.registrations.length === 0 ? (
              <Text>You have not registered for a session yet.</Text>
            ) : null}
            <Stack gap="sm">
              {mine.data.registrations.map((c) => (
                <Paper key={c.id} withBorder p="md">
                  <Group justify="space-between">
                    <Text fw={600}>
                      {c.exam_packet ?? 'Exam'}: {c.session_date}
                      {c.start_time ? ` at ${c.start_time}` : ''}
                      {c.location ? `, ${c.location}` : ''}
                    </Text>
                    <Badge variant="light" color={color[c.status]}>
                      {outcome[c.status]}
                    </Badge>
                  </Group>
                  <Text size="sm">Attempt {c.attempt}</Text>
                  {mayWithdraw(c) ? (
                    <Button
                      mt="xs"
                      size="xs"
                      variant="default"
                      color="red"
                      onClick={() => {
                        setWithdrawError(null);
                        setWithdrawing(c);
                      }}
                      aria-label={`Withdraw from the session of ${when(c)}`}
                    >
                      Withdraw
                    </Button>
                  ) : null}
                  {c.results.length ? (
                    <List mt="xs">
                      {c.results.map((r, i) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: results of one sitting have no other order
                        <List.Item key={i}>{resultLine(r)}</List.Item>
                      ))}
                    </List>
                  ) : (
                    <Text size="sm" mt="xs">
                      No result yet.
                    </Text>
                  )}
                </Paper>
              ))}
            </Stack>
          </section>
        </>
      ) : null}
      <ConfirmDialog
        opened={withdrawing !== null}
        title="Withdraw from this session?"
        message={
          withdrawing
            ? `You give up your seat at the session of ${when(withdrawing)}. This does not count as a failed attempt, and you can register for another session.`
            : ''
        }
        confirmLabel="Withdraw"
        danger
        busy={withdraw.isPending}
        error={withdrawError}
        onCancel={() => {
          setWithdrawing(null);
          setWithdrawError(null);
        }}
        onConfirm={() => withdrawing && withdraw.mutate(withdrawing)}
      />
    </Stack>
  );
}
