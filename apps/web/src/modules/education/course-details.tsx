import type { TrainingOutput } from '@licensure/contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../platform/display/format';
import { educationApi, educationKeys, hoursText } from './education-api';

/** The topic labels of the enterprise, by id (for courses and progress). */
export function useTopicLabels(): Map<string, string> {
  const topics = useQuery({
    queryKey: educationKeys.refs('EducationModule/Topics'),
    queryFn: ({ signal }) => educationApi.refs('EducationModule/Topics', signal),
    staleTime: 60_000,
  });
  return new Map((topics.data?.items ?? []).map((t) => [t.id, t.label]));
}

/** A course's facts as a description list. */
export function CourseDetails({ course }: { course: TrainingOutput }) {
  const topics = useTopicLabels();
  const rows: [string, string | null][] = [
    ['Number', course.course_number],
    ['Dates', [formatDate(course.start_date), formatDate(course.end_date)].filter(Boolean).join(' to ')],
    ['Level', course.level_label],
    ['Location', course.location_label],
    ['Instructor', course.instructor],
    ['Capacity', course.capacity ? String(course.capacity) : 'No limit'],
    ['Enrolled', String(course.attendee_count)],
    [
      'Hours by topic',
      course.training_topics.length
        ? course.training_topics
            .map((t) => `${topics.get(t.topic_id) ?? 'Topic'}: ${hoursText(t.hours)}`)
            .join(', ')
        : 'None',
    ],
    ['Description', course.description],
  ];
  return (
    <dl className="read-only-fields">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}
