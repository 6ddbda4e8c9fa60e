import type { TrainingOutput } from '@licensure/contracts';
import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { educationApi, educationKeys } from './education-api';
import { TopicHoursEditor, trainingTopicsOf, useTopicRows } from './topic-hours-editor';

const fieldNames = [
  'name',
  'course_number',
  'start_date',
  'end_date',
  'instructor',
  'capacity',
  'training_topics',
];

/** `/staff/education/courses/new` and `/staff/education/courses/:id/edit`: a course with its hours by topic. */
export function CourseFormPage() {
  const { id } = useParams();
  const course = useQuery({
    queryKey: educationKeys.course(id ?? ''),
    queryFn: ({ signal }) => educationApi.course(id ?? '', signal),
    enabled: !!id,
  });
  if (!id) return <CourseForm />;
  if (course.isPending) return <LoadingState label="Loading the course…" />;
  if (course.isError)
    return (
      <ErrorState
        error={course.error}
        title="The course could not be loaded"
        onRetry={() => void course.refetch()}
      />
    );
  return <CourseForm key={id} course={course.data} />;
}

const text = (value: string | null) => value ?? '';

function CourseForm({ course }: { course?: TrainingOutput }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const levels = useQuery({
    queryKey: educationKeys.refs('Levels'),
    queryFn: ({ signal }) => educationApi.refs('Levels', signal),
  });
  const [v, setV] = useState({
    name: course?.name ?? '',
    course_number: text(course?.course_number ?? null),
    start_date: text(course?.start_date ?? null),
    end_date: text(course?.end_date ?? null),
    instructor: text(course?.instructor ?? null),
    description: text(course?.description ?? null),
    education_level_id: text(course?.education_level_id ?? null),
  });
  const [capacity, setCapacity] = useState<number | string>(course?.capacity ?? '');
  const [rows, setRows] = useTopicRows(course?.training_topics);
  // The value is read now: by the time React runs the updater the event's currentTarget is gone.
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value;
    setV((s) => ({ ...s, [k]: value }));
  };
  const save = useMutation({
    mutationFn: () => {
      const values = {
        ...v,
        education_level_id: v.education_level_id || null,
        start_date: v.start_date || null,
        end_date: v.end_date || null,
        capacity: capacity === '' ? null : Number(capacity),
        training_topics: trainingTopicsOf(rows),
      };
      return course ? educationApi.updateCourse(course.id, values) : educationApi.createCourse(values);
    },
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: educationKeys.all });
      navigate(`/staff/education/courses/${c.id}`);
    },
  });
  const { fields, other } = fieldErrorsOf(save.error, fieldNames);
  const back = course ? `/staff/education/courses/${course.id}` : '/staff/education/courses';
  return (
    <Stack gap="md">
      <PageHeader
        title={course ? `Edit ${course.name}` : 'New course'}
        documentTitle={course ? `Edit course ${course.name}` : undefined}
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Stack gap="sm" maw={640}>
          <TextInput
            label="Name"
            {...requiredLabelProps(true)}
            value={v.name}
            onChange={set('name')}
            error={fields.name}
          />
          <TextInput
            label="Course number"
            value={v.course_number}
            onChange={set('course_number')}
            error={fields.course_number}
          />
          <NativeSelect
            label="Education level"
            value={v.education_level_id}
            onChange={set('education_level_id')}
            data={[
              { value: '', label: '(none)' },
              ...(levels.data?.items ?? []).map((l) => ({ value: l.id, label: l.label })),
            ]}
          />
          <Group gap="md" align="flex-start">
            <TextInput
              type="date"
              label="Starts"
              value={v.start_date}
              onChange={set('start_date')}
              error={fields.start_date}
            />
            <TextInput
              type="date"
              label="Ends"
              value={v.end_date}
              onChange={set('end_date')}
              error={fields.end_date}
            />
            <NumberInput
              label="Capacity"
              min={1}
              value={capacity}
              onChange={setCapacity}
              error={fields.capacity}
              w={140}
            />
          </Group>
          <TextInput
            label="Instructor"
            value={v.instructor}
            onChange={set('instructor')}
            error={fields.instructor}
          />
          <Textarea
            label="Description"
            value={v.description}
            onChange={set('description')}
            autosize
            minRows={2}
          />
          <TopicHoursEditor rows={rows} setRows={setRows} error={fields.training_topics} />
          {save.isError && Object.keys(fields).length === 0 ? (
            <Alert color="red" role="alert" title="The course could not be saved">
              {other.length ? other.join(' ') : errorMessage(save.error)}
            </Alert>
          ) : null}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending}>
              Save the course
            </Button>
            <Button variant="default" onClick={() => navigate(back)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
