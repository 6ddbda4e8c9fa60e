import { courseAttendees, type Db, referenceTables, trainings } from '@licensure/db';
import { and, asc, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import { attendeeColumns, joinAttendeeNames, presentAttendee } from './courses.resources';
import { completionsOf } from './user-progress';

const topics = referenceTables.education_topics;

/** `CourseUserSummary`: a person's transcript, their completed count and hours in all and by topic. */
export async function courseUserSummary(db: Db, enterpriseId: string, userId: string) {
  const [rows, completions, topicRows] = await Promise.all([
    joinAttendeeNames(
      db
        .select({ ...getTableColumns(courseAttendees), ...attendeeColumns })
        .from(courseAttendees)
        .$dynamic(),
    )
      .where(
        and(
          eq(courseAttendees.enterprise_id, enterpriseId),
          eq(courseAttendees.user_id, userId),
          isNull(courseAttendees.deleted_at),
        ),
      )
      .orderBy(desc(trainings.start_date), asc(courseAttendees.created_at)),
    completionsOf(db, enterpriseId, userId),
    db
      .select({ id: topics.id, label: topics.label })
      .from(topics)
      .where(eq(topics.enterprise_id, enterpriseId)),
  ]);
  const byTopic = new Map<string, number>();
  for (const c of completions)
    for (const t of c.topics) byTopic.set(t.topic_id, (byTopic.get(t.topic_id) ?? 0) + t.hours);
  const label = new Map(topicRows.map((t) => [String(t.id), String(t.label)]));
  const hours_by_topic = [...byTopic].map(([topic_id, hours]) => ({
    topic_id,
    topic: label.get(topic_id) ?? 'Topic',
    hours: Math.round(hours * 100) / 100,
  }));
  return {
    user_id: userId,
    courses: (rows as Record<string, unknown>[]).map(presentAttendee),
    completed_count: completions.length,
    total_hours: Math.round(hours_by_topic.reduce((s, t) => s + t.hours, 0) * 100) / 100,
    hours_by_topic: hours_by_topic.sort((a, b) => a.topic.localeCompare(b.topic)),
  };
}
