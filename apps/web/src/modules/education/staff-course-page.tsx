import type { CourseAttendeeOutput } from '@licensure/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { AddAttendee } from './add-attendee';
import { CourseDetails } from './course-details';
import { educationApi, educationKeys, todayIso } from './education-api';
import { SelfEnteredReview } from './self-entered-review';

/** The attendee status that counts as completion ("Completed"). */
function useCompletedStatus(): string | null {
  const statuses = useQuery({
    queryKey: educationKeys.refs('AttendeeStatus'),
    queryFn: ({ signal }) => educationApi.refs('AttendeeStatus', signal),
    staleTime: 60_000,
  });
  return statuses.data?.items.find((s) => s.label.toLowerCase() === 'completed')?.id ?? null;
}

/** `/staff/education/courses/:id`: a course, its roster, completion and bulk removal. */
export function StaffCoursePage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const canWrite = hasPermission(viewer, 'education.write');
  const queryClient = useQueryClient();
  const completed = useCompletedStatus();
  const course = useQuery({
    queryKey: educationKeys.course(id),
    queryFn: ({ signal }) => educationApi.course(id, signal),
  });
  const roster = useQuery({
    queryKey: educationKeys.roster(id),
    queryFn: ({ signal }) => educationApi.roster(id, signal),
  });
  const [selected, setSelected] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: educationKeys.all });

  const complete = useMutation({
    mutationFn: (a: CourseAttendeeOutput) => educationApi.complete(a, completed ?? '', todayIso()),
    onSuccess: (a) => {
      setNotice(`${a.user_name ?? 'The attendee'} is marked complete.`);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => educationApi.bulkRemove(id, selected, reason.trim() || 'Removed from the roster'),
    onSuccess: (r) => {
      setNotice(`${r.count} attendee${r.count === 1 ? '' : 's'} removed from the roster.`);
      setSelected([]);
      setConfirming(false);
      setReason('');
      void refresh();
    },
  });

  if (course.isPending) return <LoadingState label="Loading the course…" />;
  if (course.isError)
    return (
      <ErrorState
        error={course.error}
        title="The course could not be loaded"
        onRetry={() => void course.refetch()}
      />
    );
  const c = course.data;
  const people = roster.data?.items ?? [];
  const toggle = (attendeeId: string, on: boolean) =>
    setSelected((s) => (on ? [...s, attendeeId] : s.filter((x) => x !== attendeeId)));
  const allChecked = people.length > 0 && selected.length === people.length;
  // Nobody completes a course before it takes place (the server refuses it too).
  const notYet = !!c.start_date && todayIso() < c.start_date;

  return (
    <Stack gap="md">
      <PageHeader
        title={c.name}
        documentTitle={`Course ${c.name}`}
        description="Course and roster"
        actions={
          canWrite && !c.self_entered ? (
            <Button component={Link} to={`/staff/education/courses/${c.id}/edit`} variant="default">
              Edit course
            </Button>
          ) : null
        }
      />
      <CourseDetails course={c} />
      {c.self_entered && !c.verified ? (
        <SelfEnteredReview
          course={c}
          canWrite={canWrite}
          onVerified={() => {
            setNotice('The course is verified and its person credited with its hours.');
            void refresh();
          }}
        />
      ) : null}
      <Title order={2} size="h3">
        Roster
      </Title>
      {notice ? (
        <Alert
          color="green"
          role="status"
          withCloseButton
          onClose={() => setNotice(null)}
          closeButtonLabel="Dismiss"
        >
          {notice}
        </Alert>
      ) : null}
      {complete.isError ? (
        <Alert color="red" role="alert" title="The attendance could not be completed">
          {errorMessage(complete.error)}
        </Alert>
      ) : null}
      {roster.isPending ? <LoadingState label="Loading the roster…" /> : null}
      {roster.isError ? (
        <ErrorState
          error={roster.error}
          title="The roster could not be loaded"
          onRetry={() => void roster.refetch()}
        />
      ) : null}
      {roster.data && people.length === 0 ? <Text>Nobody is enrolled in this course yet.</Text> : null}
      {people.length > 0 ? (
        <>
          {canWrite ? (
            <Group gap="sm">
              <Button
                color="red"
                variant="light"
                disabled={selected.length === 0}
                onClick={() => setConfirming(true)}
              >
                Remove selected ({selected.length})
              </Button>
            </Group>
          ) : null}
          {canWrite && notYet ? (
            <Text size="sm">{`Attendees can be marked complete once the course has started (${formatDate(c.start_date)}).`}</Text>
          ) : null}
          <Table striped withTableBorder>
            <Table.Caption>Attendees of {c.name}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {canWrite ? (
                  <Table.Th scope="col">
                    <Checkbox
                      aria-label="Select every attendee"
                      checked={allChecked}
                      indeterminate={selected.length > 0 && !allChecked}
                      onChange={(e) => setSelected(e.currentTarget.checked ? people.map((p) => p.id) : [])}
                    />
                  </Table.Th>
                ) : null}
                <Table.Th scope="col">Attendee</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Completed on</Table.Th>
                {canWrite ? <Table.Th scope="col">Actions</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {people.map((a) => (
                <Table.Tr key={a.id}>
                  {canWrite ? (
                    <Table.Td>
                      <Checkbox
                        aria-label={`Select ${a.user_name ?? 'attendee'}`}
                        checked={selected.includes(a.id)}
                        onChange={(e) => toggle(a.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ) : null}
                  <Table.Th scope="row">{a.user_name ?? '—'}</Table.Th>
                  <Table.Td>{a.completed ? 'Completed' : (a.status_label ?? 'Enrolled')}</Table.Td>
                  <Table.Td>{formatDate(a.completed_on) || '—'}</Table.Td>
                  {canWrite ? (
                    <Table.Td>
                      {a.completed ? (
                        <Text size="sm">Done</Text>
                      ) : (
                        <Button
                          size="xs"
                          variant="default"
                          disabled={!completed || notYet}
                          loading={complete.isPending && complete.variables?.id === a.id}
                          onClick={() => complete.mutate(a)}
                        >
                          Mark complete<VisuallyHidden> for {a.user_name}</VisuallyHidden>
                        </Button>
                      )}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : null}
      {canWrite && c.verified ? (
        <AddAttendee
          trainingId={c.id}
          enrolled={new Set(people.map((p) => p.user_id))}
          onAdded={(name) => {
            setNotice(`${name} is enrolled.`);
            void refresh();
          }}
        />
      ) : null}
      <Modal.Root opened={confirming} onClose={() => setConfirming(false)} centered>
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header component="div">
            <Modal.Title>
              Remove {selected.length} attendee{selected.length === 1 ? '' : 's'}?
            </Modal.Title>
            <Modal.CloseButton aria-label="Close" />
          </Modal.Header>
          <Modal.Body>
            <Text mb="sm">
              {people
                .filter((p) => selected.includes(p.id))
                .map((p) => p.user_name)
                .join(', ')}{' '}
              will be taken off the roster. They are kept, marked removed, with the reason.
            </Text>
            <TextInput
              label="Reason"
              {...requiredLabelProps(false)}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              maxLength={1000}
              mb="md"
            />
            {remove.isError ? (
              <Text c="var(--mantine-color-error)" role="alert" mb="sm">
                {errorMessage(remove.error)}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
                Cancel
              </Button>
              <Button color="red" loading={remove.isPending} onClick={() => remove.mutate()}>
                Remove
              </Button>
            </Group>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Stack>
  );
}
