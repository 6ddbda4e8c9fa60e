import { Alert, Anchor, Button, List, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { api } from '../../platform/api/client';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { useSignedIn } from '../../platform/session/session-provider';
import { CourseDetails } from './course-details';
import { educationApi, educationKeys } from './education-api';

interface Prerequisites {
  met: boolean;
  failed: { id: string; name: string }[];
}

/** `/portal/education/courses/:id`: a course, the prerequisites still to take, and enrolment. */
export function PortalCoursePage() {
  const { id = '' } = useParams();
  const { account } = useSignedIn();
  const userId = account?.id ?? '';
  const queryClient = useQueryClient();
  const course = useQuery({
    queryKey: educationKeys.course(id),
    queryFn: ({ signal }) => educationApi.course(id, signal),
  });
  const mine = useQuery({
    queryKey: educationKeys.mine(userId),
    queryFn: ({ signal }) => educationApi.myAttendance(userId, signal),
    enabled: !!userId,
  });
  const prereqs = useQuery({
    queryKey: [...educationKeys.course(id), 'prerequisites', userId],
    queryFn: ({ signal }) =>
      api.get<Prerequisites>(`/api/EducationModule/CourseAttendeeFailedPreReqs/${id}/${userId}`, { signal }),
    enabled: !!userId,
  });
  const enrol = useMutation({
    mutationFn: () => educationApi.enrol(id, userId),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: educationKeys.all }),
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
  const attendance = mine.data?.items.find((a) => a.training_id === id);
  const full = c.capacity !== null && c.attendee_count >= c.capacity;
  return (
    <Stack gap="md">
      <PageHeader
        title={c.name}
        documentTitle={`Course ${c.name}`}
        actions={
          <Anchor component={Link} to="/portal/education/courses">
            Course catalogue
          </Anchor>
        }
      />
      <CourseDetails course={c} />
      {prereqs.data && !prereqs.data.met ? (
        <Alert color="yellow" title="Prerequisites not yet completed">
          <Text size="sm">Complete these courses first:</Text>
          <List size="sm">
            {prereqs.data.failed.map((p) => (
              <List.Item key={p.id}>{p.name}</List.Item>
            ))}
          </List>
        </Alert>
      ) : null}
      {attendance ? (
        <Alert color="blue" role="status" title={attendance.completed ? 'Completed' : 'You are enrolled'}>
          {attendance.completed
            ? `You completed this course${attendance.completed_on ? ` on ${attendance.completed_on}` : ''}.`
            : 'Your place is booked. The hours count once staff mark your attendance complete.'}
        </Alert>
      ) : (
        <div>
          <Button onClick={() => enrol.mutate()} loading={enrol.isPending} disabled={full || !userId}>
            Enrol in this course
          </Button>
          {full ? <Text size="sm">This course is full.</Text> : null}
        </div>
      )}
      {enrol.isError ? (
        <Alert color="red" role="alert" title="You could not be enrolled">
          {errorMessage(enrol.error)}
        </Alert>
      ) : null}
      <Anchor component={Link} to="/portal/education">
        Back to my education
      </Anchor>
    </Stack>
  );
}
