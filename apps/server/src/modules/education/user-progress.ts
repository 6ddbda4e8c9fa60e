import type { UserLevelProgress } from '@licensure/contracts';
import {
  certifications,
  courseAttendees,
  type Db,
  educationLevels,
  type LevelRequirement,
  referenceTables,
  type TrainingTopic,
  type Tx,
  trainings,
} from '@licensure/db';
import { and, asc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { attendanceTopics, type Completion, computeProgress, cycleFor, requirementsFor } from './progress';

const statuses = referenceTables.attendee_statuses;
const topics = referenceTables.education_topics;
const applicationTypes = referenceTables.application_types;

export const todayIso = () => new Date().toISOString().slice(0, 10);

/** A person's completed attendances: the day each counts on and its hours by topic. */
export async function completionsOf(
  db: Db | Tx,
  enterpriseId: string,
  userId: string,
): Promise<Completion[]> {
  const rows = await db
    .select({
      completed_on: sql<string>`coalesce(${courseAttendees.completed_on}, ${trainings.end_date}, ${trainings.start_date}, ${courseAttendees.updated_at}::date)::text`,
      hours: courseAttendees.hours,
      topics: trainings.training_topics,
    })
    .from(courseAttendees)
    .innerJoin(trainings, eq(trainings.id, courseAttendees.training_id))
    .innerJoin(statuses, eq(statuses.id, courseAttendees.attendee_status_id))
    .where(
      and(
        eq(courseAttendees.enterprise_id, enterpriseId),
        eq(courseAttendees.user_id, userId),
        isNull(courseAttendees.deleted_at),
        isNull(trainings.deleted_at),
        eq(statuses.is_completion, true),
      ),
    );
  return rows.map((r) => ({
    completed_on: r.completed_on,
    topics: attendanceTopics(
      (r.topics as TrainingTopic[]).map((t) => ({ topic_id: t.topic_id, hours: Number(t.hours) })),
      r.hours === null ? null : Number(r.hours),
    ),
  }));
}

/**
 * `UserLevelProgressByApplicationType`: for each education level the application type leads to
 * (through its category levels, or a requirement naming the type), the hours by topic required in the
 * cycle against those earned, and the upcoming courses that would cover what is missing. Renewal
 * (licensing) may call this to check a request before it is submitted.
 */
export async function progressTowardRenewal(
  db: Db | Tx,
  enterpriseId: string,
  userId: string,
  applicationTypeId: string,
  today = todayIso(),
): Promise<UserLevelProgress | null> {
  const [type] = await db
    .select({ levels: applicationTypes.license_category_levels })
    .from(applicationTypes)
    .where(and(eq(applicationTypes.id, applicationTypeId), eq(applicationTypes.enterprise_id, enterpriseId)));
  if (!type) return null;
  const categoryLevels = (type.levels as string[] | null) ?? [];
  const levels = await db
    .select()
    .from(educationLevels)
    .where(
      and(
        eq(educationLevels.enterprise_id, enterpriseId),
        isNull(educationLevels.deleted_at),
        eq(educationLevels.active, true),
        or(
          categoryLevels.length > 0
            ? inArray(educationLevels.license_category_level_id, categoryLevels)
            : sql`false`,
          sql`${educationLevels.requirements} @> jsonb_build_array(jsonb_build_object('application_type_id', ${applicationTypeId}::text))`,
        ),
      ),
    )
    .orderBy(asc(educationLevels.label));

  const [completions, upcomingRows, topicRows, credentials, enrolments] = await Promise.all([
    completionsOf(db, enterpriseId, userId),
    db
      .select({
        id: trainings.id,
        name: trainings.name,
        start_date: trainings.start_date,
        topics: trainings.training_topics,
      })
      .from(trainings)
      .where(
        and(
          eq(trainings.enterprise_id, enterpriseId),
          isNull(trainings.deleted_at),
          eq(trainings.active, true),
          eq(trainings.verified, true),
          gte(trainings.start_date, today),
        ),
      )
      .orderBy(asc(trainings.start_date))
      .limit(200),
    db
      .select({ id: topics.id, label: topics.label })
      .from(topics)
      .where(eq(topics.enterprise_id, enterpriseId)),
    db
      .select({
        level: certifications.license_category_level_id,
        expiration: certifications.expiration_date,
      })
      .from(certifications)
      .where(
        and(
          eq(certifications.enterprise_id, enterpriseId),
          eq(certifications.user_id, userId),
          isNull(certifications.deleted_at),
        ),
      ),
    db
      .select({ training_id: courseAttendees.training_id })
      .from(courseAttendees)
      .where(
        and(
          eq(courseAttendees.enterprise_id, enterpriseId),
          eq(courseAttendees.user_id, userId),
          isNull(courseAttendees.deleted_at),
        ),
      ),
  ]);
  const enrolledIn = new Set(enrolments.map((e) => e.training_id));
  const topicLabel = new Map(topicRows.map((t) => [String(t.id), String(t.label)]));
  const upcoming = upcomingRows.map((u) => ({
    training_id: u.id,
    name: u.name,
    start_date: u.start_date,
    enrolled: enrolledIn.has(u.id),
    topics: (u.topics as TrainingTopic[]).map((t) => ({ topic_id: t.topic_id, hours: Number(t.hours) })),
  }));

  const out = levels.map((level) => {
    const expiration =
      credentials
        .filter((c) => c.level && c.level === level.license_category_level_id && c.expiration)
        .map((c) => c.expiration as string)
        .sort()
        .at(-1) ?? null;
    const cycle = cycleFor(expiration, level.cycle_months, today);
    const required = requirementsFor(level.requirements as LevelRequirement[], applicationTypeId);
    const p = computeProgress(required, completions, cycle, upcoming);
    const named = (id: string) => topicLabel.get(id) ?? 'Topic';
    return {
      level_id: level.id,
      level: level.label,
      cycle_start: cycle.start,
      cycle_end: cycle.end,
      required: p.required,
      earned: p.earned,
      met: p.met,
      topics: p.topics.map((t) => ({ ...t, topic: named(t.topic_id) })),
      upcoming: p.upcoming.map((u) => ({
        ...u,
        covers: u.covers.map((c) => ({ ...c, topic: named(c.topic_id) })),
      })),
    };
  });
  return {
    user_id: userId,
    application_type_id: applicationTypeId,
    met: out.every((l) => l.met),
    levels: out,
  };
}
