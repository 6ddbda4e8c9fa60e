import {
  courseAttendeeInput,
  courseAttendeeOutput,
  educationMessages,
  levelInput,
  levelOutput,
  trainingInput,
  trainingOutput,
} from '@licensure/contracts';
import {
  courseAttendees,
  documents,
  educationLevels,
  referenceTables,
  trainings,
  users,
} from '@licensure/db';
import { and, eq, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest, forbidden } from '../../platform/http/errors';
import { enterpriseReference, selfOrPermission } from '../../platform/permissions/policies';
import { holdsAny, ownRows } from '../../platform/permissions/scopes';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';
import { recordAttendeeStatusChange } from './attendee-events';
import { checkLevelRequirements, checkTrainingTopics } from './check-topics';
import { iso, num, str } from './present';

const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Staff who hold this see and change everyone's attendance; others only their own. */
export const educationReaders = ['education.read', 'education.write'] as const;
export const educationWriters = ['education.write'] as const;

// ---- Levels ----------------------------------------------------------------------------------

export function presentLevel(r: Row) {
  const reqs =
    (r.requirements as { topic_id: string; application_type_id?: string | null; hours: number }[]) ?? [];
  return {
    id: r.id as string,
    label: r.label as string,
    description: str(r.description),
    license_category_level_id: str(r.license_category_level_id),
    cycle_months: Number(r.cycle_months),
    requirements: reqs.map((q) => ({
      topic_id: q.topic_id,
      application_type_id: q.application_type_id ?? null,
      hours: Number(q.hours),
    })),
    active: !!r.active,
    created_at: iso(r.created_at) ?? '',
    updated_at: iso(r.updated_at) ?? '',
  };
}

/** Education levels (`{level: {...}}`): CE hours by topic per renewal cycle. */
export const levelResource: Resource = {
  path: 'Levels',
  entity: 'education_levels',
  wrapper: 'level',
  singular: 'level',
  tags: ['education'],
  table: educationLevels,
  read: enterpriseReference(),
  write: 'education.write',
  input: levelInput,
  output: levelOutput,
  present: presentLevel,
  filters: {
    active: { column: educationLevels.active },
    license_category_level_id: {
      column: educationLevels.license_category_level_id,
      schema: uuid('license_category_level_id'),
    },
  },
  search: [educationLevels.label],
  sort: { label: sql`lower(${educationLevels.label})`, created_at: educationLevels.created_at },
  defaultSort: 'label',
  refs: {
    license_category_level_id: {
      table: referenceTables.license_category_levels,
      what: 'category level',
    },
  },
  nestedRefs: {
    'requirements[].topic_id': 'education_topics',
    'requirements[].application_type_id': 'application_types',
  },
  unique: { education_levels_label_key: 'label' },
  softDelete: { reason: true },
  hooks: { validate: (input, ctx) => checkLevelRequirements(input, ctx) },
};

// ---- Courses ---------------------------------------------------------------------------------

const location = referenceTables.training_locations;
export const trainingColumns: Record<string, SQLWrapper> = {
  level_label: sql<string | null>`${educationLevels.label}`,
  location_label: sql<string | null>`${location.label}`,
  attendee_count: sql<number>`(select count(*)::int from ${courseAttendees} ca
    where ca.training_id = ${trainings.id} and ca.deleted_at is null)`,
  entered_by_name: sql<string | null>`(select nullif(trim(concat_ws(' ', eu.first_name, eu.last_name)), '')
    from ${users} eu where eu.id = ${trainings.entered_by})`,
};
export const joinTrainingNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(educationLevels, eq(educationLevels.id, trainings.education_level_id))
    .leftJoin(location, eq(location.id, trainings.training_location_id));

export function presentTraining(r: Row) {
  const topics = ((r.training_topics as { topic_id: string; hours: number }[]) ?? []).map((t) => ({
    topic_id: t.topic_id,
    hours: Number(t.hours),
  }));
  return {
    id: r.id as string,
    name: r.name as string,
    course_number: str(r.course_number),
    description: str(r.description),
    education_level_id: str(r.education_level_id),
    level_label: str(r.level_label),
    training_location_id: str(r.training_location_id),
    location_label: str(r.location_label),
    instructor: str(r.instructor),
    start_date: str(r.start_date),
    end_date: str(r.end_date),
    capacity: r.capacity === null || r.capacity === undefined ? null : Number(r.capacity),
    document_id: str(r.document_id),
    training_topics: topics,
    total_hours: topics.reduce((s, t) => s + t.hours, 0),
    prerequisite_ids: (r.prerequisite_ids as string[]) ?? [],
    self_entered: !!r.self_entered,
    verified: !!r.verified,
    entered_by: str(r.entered_by),
    entered_by_name: str(r.entered_by_name),
    active: !!r.active,
    attendee_count: num(r.attendee_count) ?? 0,
    created_at: iso(r.created_at) ?? '',
    updated_at: iso(r.updated_at) ?? '',
  };
}

/**
 * A person may enter a course taken elsewhere themselves (self_entered, unverified, for staff to
 * verify with its certificate); everything else about courses is staff's.
 */
async function trainingValues(input: Row, ctx: HookContext): Promise<Row> {
  const staff = holdsAny(ctx.auth, educationWriters);
  if (!staff) {
    if (ctx.operation !== 'create' || input.self_entered !== true) throw forbidden();
    input.verified = false;
    input.prerequisite_ids = [];
    input.capacity = null;
  }
  if (ctx.operation === 'create') {
    input.entered_by = ctx.auth?.userId ?? null;
    if (input.verified === undefined) input.verified = !input.self_entered;
  }
  if (input.start_date && input.end_date && String(input.end_date) < String(input.start_date))
    throw badRequestField('end_date', 'end_date must not be before start_date');
  if (ctx.before && (input.prerequisite_ids as string[] | undefined)?.includes(String(ctx.before.id)))
    throw badRequestField('prerequisite_ids', 'A course cannot be its own prerequisite.');
  await checkTrainingTopics(input, ctx);
  return input;
}

const badRequestField = (field: string, message: string) => badRequest({ [field]: message });

/** Courses (`{training: {...}}`), with their topics, hours and prerequisites. */
export const trainingResource: Resource = {
  path: 'trainings',
  entity: 'trainings',
  wrapper: 'training',
  singular: 'course',
  tags: ['education'],
  table: trainings,
  read: selfOrPermission(educationReaders, 'not_found'),
  write: selfOrPermission('education.write', 'not_found'),
  input: trainingInput,
  output: trainingOutput,
  present: presentTraining,
  columns: trainingColumns,
  joins: joinTrainingNames,
  filters: {
    education_level_id: { column: trainings.education_level_id, schema: uuid('education_level_id') },
    training_location_id: { column: trainings.training_location_id, schema: uuid('training_location_id') },
    active: { column: trainings.active },
    verified: { column: trainings.verified },
    self_entered: { column: trainings.self_entered },
    topic_id: {
      column: trainings.training_topics,
      schema: uuid('topic_id'),
      where: (v) =>
        sql`${trainings.training_topics} @> jsonb_build_array(jsonb_build_object('topic_id', ${v}::text))`,
    },
    starts_after: {
      column: trainings.start_date,
      schema: z.iso.date({ message: 'starts_after must be a date (YYYY-MM-DD)' }),
      where: (v) => sql`${trainings.start_date} >= ${v}::date`,
    },
  },
  search: [trainings.name, trainings.course_number, trainings.instructor],
  sort: {
    start_date: [trainings.start_date, sql`lower(${trainings.name})`],
    name: sql`lower(${trainings.name})`,
    created_at: trainings.created_at,
  },
  defaultSort: 'start_date',
  // A person's own unverified entries are theirs to see; every verified course is public to the signed-in.
  scope: (auth) =>
    holdsAny(auth, educationReaders)
      ? null
      : {
          name: 'verified-or-own',
          where: (user) => sql`(${trainings.verified} or ${trainings.entered_by} = ${user})`,
        },
  refs: {
    education_level_id: { table: educationLevels, what: 'level' },
    training_location_id: { table: location, what: 'training location' },
    document_id: { table: documents, what: 'document' },
    prerequisite_ids: { table: trainings, what: 'course' },
  },
  nestedRefs: { 'training_topics[].topic_id': 'education_topics' },
  softDelete: { reason: true },
  hooks: {
    // The spec: a training location is cleared if its ids are not valid GUIDs.
    normalize: (input) => {
      const loc = input.training_location_id;
      if (loc !== undefined && loc !== null && (typeof loc !== 'string' || !GUID.test(loc)))
        input.training_location_id = null;
    },
    validate: trainingValues,
    // A person may withdraw only a course they entered themselves and staff have not verified.
    afterChange: (_row, ctx) => {
      if (ctx.operation !== 'delete' || holdsAny(ctx.auth, educationWriters)) return;
      if (ctx.before?.verified || ctx.before?.entered_by !== ctx.auth?.userId) throw forbidden();
    },
  },
};

// ---- Attendees -------------------------------------------------------------------------------

const statuses = referenceTables.attendee_statuses;
export const attendeeColumns: Record<string, SQLWrapper> = {
  training_name: sql<string | null>`${trainings.name}`,
  start_date: sql<string | null>`${trainings.start_date}`,
  user_name: sql<string | null>`nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), '')`,
  status_label: sql<string | null>`${statuses.label}`,
  completed: sql<boolean>`coalesce(${statuses.is_completion}, false)`,
};
export const joinAttendeeNames = (q: JoinableQuery): JoinableQuery =>
  q
    .leftJoin(trainings, eq(trainings.id, courseAttendees.training_id))
    .leftJoin(users, eq(users.id, courseAttendees.user_id))
    .leftJoin(statuses, eq(statuses.id, courseAttendees.attendee_status_id));

export function presentAttendee(r: Row) {
  return {
    id: r.id as string,
    training_id: r.training_id as string,
    training_name: str(r.training_name),
    start_date: str(r.start_date),
    user_id: r.user_id as string,
    user_name: str(r.user_name),
    attendee_status_id: str(r.attendee_status_id),
    status_label: str(r.status_label),
    completed: !!r.completed,
    completed_on: str(r.completed_on),
    hours: num(r.hours),
    document_id: str(r.document_id),
    note: str(r.note),
    created_at: iso(r.created_at) ?? '',
    updated_at: iso(r.updated_at) ?? '',
  };
}

/**
 * Staff enrol anyone and set statuses; a person enrols only themselves, in a live verified course,
 * as Registered. A course's capacity is kept.
 */
async function attendeeValues(input: Row, ctx: HookContext): Promise<Row> {
  const staff = holdsAny(ctx.auth, educationWriters);
  if (!staff) {
    if (ctx.operation !== 'create' || input.user_id !== ctx.auth?.userId) throw forbidden();
    input.attendee_status_id = null;
    input.completed_on = null;
    input.hours = null;
  }
  const trainingId = String(input.training_id ?? ctx.before?.training_id);
  const [course] = await ctx.tx
    .select({ capacity: trainings.capacity, verified: trainings.verified, start_date: trainings.start_date })
    .from(trainings)
    .where(
      and(
        eq(trainings.id, trainingId),
        eq(trainings.enterprise_id, ctx.enterpriseId),
        isNull(trainings.deleted_at),
      ),
    )
    .for('update');
  if (!course) throw badRequestField('training_id', `There is no course ${trainingId}.`);
  if (ctx.operation === 'create' && course.capacity !== null) {
    const [{ n } = { n: 0 }] = await ctx.tx
      .select({ n: sql<number>`count(*)::int` })
      .from(courseAttendees)
      .where(and(eq(courseAttendees.training_id, trainingId), isNull(courseAttendees.deleted_at)));
    if (n >= course.capacity) throw badRequestField('training_id', 'This course is full.');
  }
  if (!input.attendee_status_id && ctx.operation === 'create')
    input.attendee_status_id = await defaultStatus(ctx);
  await refuseEarlyCompletion(input, course.start_date, ctx);
  return input;
}

/** Nobody completes a course before it takes place: not today before its start, nor dated before it. */
async function refuseEarlyCompletion(input: Row, start: string | null, ctx: HookContext) {
  const statusId = (input.attendee_status_id ?? ctx.before?.attendee_status_id) as string | null | undefined;
  if (!start || !statusId) return;
  const [status] = await ctx.tx
    .select({ done: statuses.is_completion })
    .from(statuses)
    .where(and(eq(statuses.id, statusId), eq(statuses.enterprise_id, ctx.enterpriseId)));
  if (!status?.done) return;
  const today = new Date().toISOString().slice(0, 10);
  const on = (input.completed_on ?? ctx.before?.completed_on ?? today) as string;
  if (today < start || on < start)
    throw badRequestField('completed_on', educationMessages.completionBeforeCourse(start));
}

async function defaultStatus(ctx: HookContext): Promise<string | null> {
  const [row] = await ctx.tx
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(eq(statuses.enterprise_id, ctx.enterpriseId), sql`lower(${statuses.label}) = 'registered'`));
  return (row?.id as string | undefined) ?? null;
}

/** Course attendees (`{course_attendee: {...}}`): enrolment, attendance status and completion. */
export const attendeeResource: Resource = {
  path: 'EducationModule/CourseAttendees',
  entity: 'course_attendees',
  wrapper: 'course_attendee',
  singular: 'course attendee',
  tags: ['education'],
  table: courseAttendees,
  read: selfOrPermission(educationReaders, 'not_found'),
  write: selfOrPermission('education.write', 'not_found'),
  input: courseAttendeeInput,
  output: courseAttendeeOutput,
  present: presentAttendee,
  columns: attendeeColumns,
  joins: joinAttendeeNames,
  filters: {
    training_id: { column: courseAttendees.training_id, schema: uuid('training_id') },
    user_id: { column: courseAttendees.user_id, schema: uuid('user_id') },
    attendee_status_id: { column: courseAttendees.attendee_status_id, schema: uuid('attendee_status_id') },
  },
  search: [users.last_name, users.first_name, trainings.name],
  sort: {
    user_name: [sql`lower(${users.last_name})`, sql`lower(${users.first_name})`],
    start_date: trainings.start_date,
    created_at: courseAttendees.created_at,
  },
  defaultSort: 'user_name',
  scope: ownRows(courseAttendees.user_id, educationReaders),
  refs: {
    training_id: { table: trainings, what: 'course' },
    user_id: { table: users, what: 'person' },
    attendee_status_id: { table: statuses, what: 'attendee status' },
    document_id: { table: documents, what: 'document' },
  },
  unique: { course_attendees_training_user_key: 'user_id' },
  softDelete: { reason: true },
  events: true,
  hooks: {
    validate: attendeeValues,
    afterChange: (row, ctx) => recordAttendeeStatusChange(ctx.tx, ctx, row),
  },
};
