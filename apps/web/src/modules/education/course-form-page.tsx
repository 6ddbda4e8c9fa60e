import { Alert, Button, Group, NativeSelect, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrorsOf } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
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

/** `/staff/education/courses/new`: a new course with its hours by topic. */
export function CourseFormPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const levels = useQuery({
    queryKey: educationKeys.refs('Levels'),
    queryFn: ({ signal }) => educationApi.refs('Levels', signal),
  });
  const [v, setV] = useState({
    name: '',
    course_number: '',
    start_date: '',
    end_date: '',
    instructor: '',
    description: '',
    education_level_id: '',
  });
  const [capacity, setCapacity] = useState<number | string>('');
  const [rows, setRows] = useTopicRows();
  const set = (k: keyof typeof v) => (e: { currentTarget: { value: string } }) =>
    setV((s) => ({ ...s, [k]: e.currentTarget.value }));
  const save = useMutation({
    mutationFn: () =>
      educationApi.createCourse({
        ...v,
        education_level_id: v.education_level_id || null,
        start_date: v.start_date || null,
        end_date: v.end_date || null,
        capacity: capacity === '' ? null : Number(capacity),
        training_topics: trainingTopicsOf(rows),
      }),
    onSuccess: (c) => {
      void queryClient.invalidateQueries({ queryKey: educationKeys.all });
      navigate(`/staff/education/courses/${c.id}`);
    },
  });
  const { fields, other } = fieldErrorsOf(save.error, fieldNames);
  return (
    <Stack gap="md">
      <PageHeader title="New course" />
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
            <Button variant="default" onClick={() => navigate('/staff/education/courses')}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
