import type { CourseAttendeeOutput } from '@licensure/contracts';
import { Alert, Anchor, Group, List, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { type ResponsiveColumn, ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { educationApi, educationKeys, hoursText } from './education-api';
import { PortalAuditRequests } from './portal-audit-requests';
import { LevelProgressCard } from './progress-view';

/** `/portal/education`: progress toward renewal by topic, what-if courses, the transcript, CE audits. */
export function PortalTranscriptPage() {
  const { account } = useSignedIn();
  const userId = account?.id ?? '';
  const queryClient = useQueryClient();
  const types = useQuery({
    queryKey: educationKeys.refs('ApplicationTypes'),
    queryFn: ({ signal }) => educationApi.refs('ApplicationTypes', signal),
  });
  const [chosen, setChosen] = useState('');
  const typeId =
    chosen || types.data?.items.find((t) => /renew/i.test(t.label))?.id || types.data?.items[0]?.id || '';
  const progress = useQuery({
    queryKey: educationKeys.progress(userId, typeId),
    queryFn: ({ signal }) => educationApi.progress(userId, typeId, signal),
    enabled: !!userId && !!typeId,
  });
  const attendance = useQuery({
    queryKey: educationKeys.mine(userId),
    queryFn: ({ signal }) => educationApi.myAttendance(userId, signal),
    enabled: !!userId,
  });
  const pendingQuery = { self_entered: true, verified: false, numPerPage: 100 };
  const pending = useQuery({
    queryKey: educationKeys.courses(pendingQuery),
    queryFn: ({ signal }) => educationApi.courses(pendingQuery, signal),
  });
  const enrol = useMutation({
    mutationFn: (trainingId: string) => educationApi.enrol(trainingId, userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: educationKeys.all }),
  });

  const columns: ResponsiveColumn<CourseAttendeeOutput>[] = [
    {
      key: 'course',
      header: 'Course',
      render: (a) => (
        <Anchor component={Link} to={`/portal/education/courses/${a.training_id}`}>
          {a.training_name}
        </Anchor>
      ),
    },
    { key: 'starts', header: 'Starts', render: (a) => formatDate(a.start_date) },
    {
      key: 'status',
      header: 'Status',
      render: (a) => (a.completed ? 'Completed' : (a.status_label ?? 'Enrolled')),
    },
    { key: 'completed', header: 'Completed on', render: (a) => formatDate(a.completed_on) },
    {
      key: 'hours',
      header: 'Hours credited',
      render: (a) => (a.hours === null ? 'All' : hoursText(a.hours)),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader
        title="My education"
        description="Your continuing education toward renewal, the courses that would cover what is missing, and your courses."
        actions={
          <Group gap="md">
            <Anchor component={Link} to="/portal/education/courses">
              Course catalogue
            </Anchor>
            <Anchor component={Link} to="/portal/education/self-entered">
              Add a course taken elsewhere
            </Anchor>
          </Group>
        }
      />
      <PortalAuditRequests />
      <NativeSelect
        label="Application"
        description="The requirements depend on the kind of application."
        value={typeId}
        onChange={(e) => setChosen(e.currentTarget.value)}
        data={(types.data?.items ?? []).map((t) => ({ value: t.id, label: t.label }))}
        maw={360}
      />
      {enrol.isError ? (
        <Alert color="red" role="alert" title="You could not be enrolled">
          {errorMessage(enrol.error)}
        </Alert>
      ) : null}
      {progress.isPending && typeId ? <LoadingState label="Loading your progress…" /> : null}
      {progress.isError ? (
        <ErrorState
          error={progress.error}
          title="Your progress could not be loaded"
          onRetry={() => void progress.refetch()}
        />
      ) : null}
      {progress.data && progress.data.levels.length === 0 ? (
        <Text>No continuing education is required for this kind of application.</Text>
      ) : null}
      {progress.data?.levels.map((level) => (
        <LevelProgressCard
          key={level.level_id}
          level={level}
          onEnrol={(trainingId) => enrol.mutate(trainingId)}
          enrolling={enrol.isPending ? (enrol.variables ?? null) : null}
        />
      ))}
      <Title order={2} size="h3">
        My courses
      </Title>
      {attendance.isPending ? <LoadingState label="Loading your courses…" /> : null}
      {attendance.data && attendance.data.items.length === 0 ? (
        <Text>You have not enrolled in a course yet.</Text>
      ) : null}
      {attendance.data && attendance.data.items.length > 0 ? (
        <ResponsiveTable
          caption="My courses"
          columns={columns}
          rows={attendance.data.items}
          rowKey={(a) => a.id}
        />
      ) : null}
      {pending.data && pending.data.items.length > 0 ? (
        <>
          <Title order={2} size="h3">
            Courses awaiting verification
          </Title>
          <List>
            {pending.data.items.map((c) => (
              <List.Item key={c.id}>
                {c.name}
                {c.end_date ? `, finished ${formatDate(c.end_date)}` : ''}: {hoursText(c.total_hours)} hours,
                counted once staff verify the certificate.
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Stack>
  );
}
