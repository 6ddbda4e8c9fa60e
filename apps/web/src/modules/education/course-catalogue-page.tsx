import type { TrainingOutput } from '@licensure/contracts';
import { Anchor, Button, Checkbox, Group, Pagination, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { type ResponsiveColumn, ResponsiveTable } from '../../platform/components/responsive-table';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { formatDate } from '../../platform/display/format';
import { FlashMessage } from '../../platform/resources/flash-message';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { educationApi, educationKeys, hoursText, todayIso } from './education-api';

const PER_PAGE = 25;

/** "12 of 20" seats, or the count alone without a capacity. */
export const seatsText = (c: Pick<TrainingOutput, 'attendee_count' | 'capacity'>) =>
  c.capacity ? `${c.attendee_count} of ${c.capacity}` : String(c.attendee_count);

/** `/staff/education/courses` and `/portal/education/courses`: the course catalogue, searched and paged. */
export function CourseCataloguePage({ area }: { area: 'staff' | 'portal' }) {
  const { viewer } = useSignedIn();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [upcoming, setUpcoming] = useState(true);
  const [awaiting, setAwaiting] = useState(false);
  const [page, setPage] = useState(1);
  const query = {
    search,
    currentPage: page,
    numPerPage: PER_PAGE,
    sortBy: 'start_date',
    ...(upcoming && !awaiting ? { starts_after: todayIso() } : {}),
    ...(awaiting ? { self_entered: true, verified: false } : {}),
    ...(area === 'portal' ? { verified: true } : {}),
  };
  const courses = useQuery({
    queryKey: educationKeys.courses(query),
    queryFn: ({ signal }) => educationApi.courses(query, signal),
  });
  const base = `/${area}/education/courses`;
  const columns: ResponsiveColumn<TrainingOutput>[] = [
    {
      key: 'name',
      header: 'Course',
      render: (c) => (
        <Anchor component={Link} to={`${base}/${c.id}`}>
          {c.name}
        </Anchor>
      ),
    },
    { key: 'number', header: 'Number', render: (c) => c.course_number },
    { key: 'starts', header: 'Starts', render: (c) => formatDate(c.start_date) },
    { key: 'ends', header: 'Ends', render: (c) => formatDate(c.end_date) },
    { key: 'hours', header: 'Hours', render: (c) => hoursText(c.total_hours) },
    { key: 'location', header: 'Location', render: (c) => c.location_label },
    { key: 'instructor', header: 'Instructor', render: (c) => c.instructor },
    { key: 'seats', header: 'Enrolled', render: seatsText },
  ];
  const total = courses.data?.total ?? 0;
  return (
    <Stack gap="md">
      <PageHeader
        title="Course catalogue"
        description="Continuing education courses, their hours and dates."
        actions={
          area === 'staff' && hasPermission(viewer, 'education.write') ? (
            <Button component={Link} to={`${base}/new`}>
              New course
            </Button>
          ) : area === 'portal' ? (
            <Anchor component={Link} to="/portal/education">
              My education
            </Anchor>
          ) : null
        }
      />
      <FlashMessage />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(typed.trim());
          setPage(1);
        }}
      >
        <Group align="flex-end" gap="sm">
          <TextInput
            label="Search courses"
            description="Name, number or instructor"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            maw={320}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
          <Checkbox
            label="Upcoming courses only"
            checked={upcoming}
            onChange={(e) => {
              setUpcoming(e.currentTarget.checked);
              setPage(1);
            }}
            mb={8}
          />
          {area === 'staff' ? (
            <Checkbox
              label="Entered by people, awaiting verification"
              checked={awaiting}
              onChange={(e) => {
                setAwaiting(e.currentTarget.checked);
                setPage(1);
              }}
              mb={8}
            />
          ) : null}
        </Group>
      </form>
      {courses.isPending ? <LoadingState label="Loading courses…" /> : null}
      {courses.isError ? (
        <ErrorState
          error={courses.error}
          title="The courses could not be loaded"
          onRetry={() => void courses.refetch()}
        />
      ) : null}
      {courses.data && total === 0 ? (
        <Text>{search ? `No course matches “${search}”.` : 'There is no course to show.'}</Text>
      ) : null}
      {courses.data && total > 0 ? (
        <>
          <Text size="sm" aria-live="polite">
            {total} course{total === 1 ? '' : 's'}
          </Text>
          <ResponsiveTable
            caption="Courses"
            columns={columns}
            rows={courses.data.items}
            rowKey={(c) => c.id}
          />
          {total > PER_PAGE ? (
            <Pagination
              total={Math.ceil(total / PER_PAGE)}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({ 'aria-label': `${control} page` })}
              getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
            />
          ) : null}
        </>
      ) : null}
    </Stack>
  );
}

export function StaffCourseCataloguePage() {
  return <CourseCataloguePage area="staff" />;
}
export function PortalCourseCataloguePage() {
  return <CourseCataloguePage area="portal" />;
}
