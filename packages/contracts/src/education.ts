// Contracts of the education module (issue 17): levels and their CE requirements, courses, attendees,
// progress toward renewal, longevity and its credits, training reimbursements and CE audits.
import { z } from 'zod';
import { booleanish, timestamp } from './paging';
import { id } from './shared-fields';

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalId = (name: string) => z.preprocess(blankToUndefined, id(name).nullable().optional());
const date = (name: string) => z.iso.date({ message: `${name} must be a date (YYYY-MM-DD)` });
const optionalDate = (name: string) => z.preprocess(blankToUndefined, date(name).nullable().optional());
const text = (name: string, max: number) =>
  z
    .string({ message: `${name} is required` })
    .trim()
    .min(1, `${name} must not be empty`)
    .max(max, `${name} must be ${max} characters or fewer`);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const hours = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number` })
    .min(0, `${name} must be 0 or more`)
    .max(10_000, `${name} must be 10000 or less`);
const cents = (name: string) =>
  z.coerce
    .number({ message: `${name} must be a number of cents` })
    .int(`${name} must be whole cents`)
    .min(0, `${name} must be 0 or more`)
    .max(100_000_000);
const stamps = { id: z.uuid(), created_at: timestamp, updated_at: timestamp };

// ---- Levels ----------------------------------------------------------------------------------

export const levelRequirement = z.object({
  topic_id: id('topic_id'),
  /** Absent: the hours apply to every application type of the level. */
  application_type_id: optionalId('application_type_id'),
  hours: hours('hours'),
});
export type LevelRequirementInput = z.infer<typeof levelRequirement>;

/** `POST /api/Levels` `{level: {...}}`. */
export const levelInput = z.object({
  label: text('label', 200),
  description: optionalText(2000),
  license_category_level_id: optionalId('license_category_level_id'),
  cycle_months: z.coerce
    .number({ message: 'cycle_months must be a number' })
    .int('cycle_months must be whole months')
    .min(1, 'cycle_months must be 1 or more')
    .max(120, 'cycle_months must be 120 or less')
    .default(24),
  requirements: z.array(levelRequirement).max(200).default([]),
  active: booleanish.default(true),
});
export const levelOutput = z.object({
  ...stamps,
  label: z.string(),
  description: z.string().nullable(),
  license_category_level_id: z.uuid().nullable(),
  cycle_months: z.number().int(),
  requirements: z.array(
    z.object({ topic_id: z.uuid(), application_type_id: z.uuid().nullable(), hours: z.number() }),
  ),
  active: z.boolean(),
});
export type LevelOutput = z.infer<typeof levelOutput>;

// ---- Courses (trainings) ---------------------------------------------------------------------

export const trainingTopic = z.object({ topic_id: id('topic_id'), hours: hours('hours') });

/** `POST /api/trainings` `{training: {...}}`. */
export const trainingInput = z.object({
  name: text('name', 300),
  course_number: optionalText(50),
  description: optionalText(4000),
  education_level_id: optionalId('education_level_id'),
  training_location_id: optionalId('training_location_id'),
  instructor: optionalText(200),
  start_date: optionalDate('start_date'),
  end_date: optionalDate('end_date'),
  capacity: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: 'capacity must be a number' })
      .int('capacity must be a whole number')
      .min(1, 'capacity must be 1 or more')
      .max(100_000)
      .nullable()
      .optional(),
  ),
  document_id: optionalId('document_id'),
  training_topics: z.array(trainingTopic).max(100).default([]),
  prerequisite_ids: z.array(id('prerequisite_ids')).max(50).default([]),
  /** A course a person entered themselves (from elsewhere), for staff to verify. */
  self_entered: booleanish.default(false),
  verified: booleanish.optional(),
  active: booleanish.default(true),
});
export type TrainingInput = z.infer<typeof trainingInput>;
export const trainingOutput = z.object({
  ...stamps,
  name: z.string(),
  course_number: z.string().nullable(),
  description: z.string().nullable(),
  education_level_id: z.uuid().nullable(),
  level_label: z.string().nullable(),
  training_location_id: z.uuid().nullable(),
  location_label: z.string().nullable(),
  instructor: z.string().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  capacity: z.number().int().nullable(),
  document_id: z.uuid().nullable(),
  training_topics: z.array(z.object({ topic_id: z.uuid(), hours: z.number() })),
  total_hours: z.number(),
  prerequisite_ids: z.array(z.uuid()),
  self_entered: z.boolean(),
  verified: z.boolean(),
  /** Who entered it: staff, or the person who took a self-entered course. */
  entered_by: z.uuid().nullable(),
  /** That person's name, so staff know whose course waits for verification. */
  entered_by_name: z.string().nullable(),
  active: z.boolean(),
  attendee_count: z.number().int(),
});
export type TrainingOutput = z.infer<typeof trainingOutput>;

// ---- Attendees -------------------------------------------------------------------------------

/** `POST /api/EducationModule/CourseAttendees` `{course_attendee: {...}}`. */
export const courseAttendeeInput = z.object({
  training_id: id('training_id'),
  user_id: id('user_id'),
  attendee_status_id: optionalId('attendee_status_id'),
  completed_on: optionalDate('completed_on'),
  hours: z.preprocess(blankToUndefined, hours('hours').nullable().optional()),
  document_id: optionalId('document_id'),
  note: optionalText(2000),
});
export const courseAttendeeOutput = z.object({
  ...stamps,
  training_id: z.uuid(),
  training_name: z.string().nullable(),
  start_date: z.string().nullable(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  attendee_status_id: z.uuid().nullable(),
  status_label: z.string().nullable(),
  completed: z.boolean(),
  completed_on: z.string().nullable(),
  hours: z.number().nullable(),
  document_id: z.uuid().nullable(),
  note: z.string().nullable(),
});
export type CourseAttendeeOutput = z.infer<typeof courseAttendeeOutput>;

export const bulkRemoveAttendeesInput = z.object({
  attendeeIDs: z.array(id('attendeeIDs')).min(1, 'attendeeIDs must name at least one attendee').max(500),
  reason: z.string().trim().min(1).max(1000).optional(),
});
export const bulkRemoveAttendeesOutput = z.object({ removed: z.array(z.uuid()), count: z.number().int() });

export const failedPrerequisite = z.object({ id: z.uuid(), name: z.string() });
export const failedPrerequisitesOutput = z.object({
  training_id: z.uuid(),
  user_id: z.uuid(),
  met: z.boolean(),
  failed: z.array(failedPrerequisite),
});

export const courseUserSummaryOutput = z.object({
  user_id: z.uuid(),
  courses: z.array(courseAttendeeOutput),
  completed_count: z.number().int(),
  total_hours: z.number(),
  hours_by_topic: z.array(z.object({ topic_id: z.uuid(), topic: z.string(), hours: z.number() })),
});

// ---- Progress toward renewal -------------------------------------------------------------------

export const userQuery = z.object({ user_id: id('user_id') });
export const progressQuery = z.object({
  user_id: id('user_id'),
  application_type_id: id('application_type_id'),
});

export const topicProgress = z.object({
  topic_id: z.uuid(),
  topic: z.string(),
  required: z.number(),
  earned: z.number(),
  missing: z.number(),
  met: z.boolean(),
});
export const upcomingCourse = z.object({
  training_id: z.uuid(),
  name: z.string(),
  start_date: z.string().nullable(),
  /** Hours of still-missing topics this course would cover. */
  covers: z.array(z.object({ topic_id: z.uuid(), topic: z.string(), hours: z.number() })),
  enrolled: z.boolean(),
});
export const levelProgress = z.object({
  level_id: z.uuid(),
  level: z.string(),
  cycle_start: z.string(),
  cycle_end: z.string(),
  required: z.number(),
  earned: z.number(),
  met: z.boolean(),
  topics: z.array(topicProgress),
  /** What-if: upcoming courses that cover what is still missing. */
  upcoming: z.array(upcomingCourse),
});
export type LevelProgress = z.infer<typeof levelProgress>;
export const userLevelProgressOutput = z.object({
  user_id: z.uuid(),
  application_type_id: z.uuid(),
  met: z.boolean(),
  levels: z.array(levelProgress),
});
export type UserLevelProgress = z.infer<typeof userLevelProgressOutput>;

export const verificationDatesOutput = z.array(
  z.object({
    certification_id: z.uuid(),
    label: z.string().nullable(),
    cycle_start: z.string(),
    cycle_end: z.string(),
  }),
);

// ---- Longevity, credits and reimbursements -----------------------------------------------------

export const serviceUserLongevityInput = z.object({
  service_id: id('service_id'),
  user_id: id('user_id'),
  license_request_id: optionalId('license_request_id'),
  years: z.coerce.number().int('years must be whole years').min(0).max(100).default(0),
  start_date: optionalDate('start_date'),
  end_date: optionalDate('end_date'),
  amount_cents: cents('amount_cents').default(0),
  approve: booleanish.default(false),
  note: optionalText(2000),
});
export const serviceUserLongevityOutput = z.object({
  ...stamps,
  service_id: z.uuid(),
  service_name: z.string().nullable(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  license_request_id: z.uuid().nullable(),
  years: z.number().int(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  amount_cents: z.number().int(),
  approve: z.boolean(),
  redeemed_at: timestamp.nullable(),
  note: z.string().nullable(),
});

export const serviceUserLongevityCreditInput = z.object({
  service_id: optionalId('service_id'),
  user_id: id('user_id'),
  service_user_longevity_id: optionalId('service_user_longevity_id'),
  years: z.coerce.number().int('years must be whole years').min(0).max(100).default(0),
  credit_cents: cents('credit_cents').default(0),
  effective_date: optionalDate('effective_date'),
  note: optionalText(2000),
});
export const serviceUserLongevityCreditOutput = z.object({
  ...stamps,
  service_id: z.uuid().nullable(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  service_user_longevity_id: z.uuid().nullable(),
  years: z.number().int(),
  credit_cents: z.number().int(),
  effective_date: z.string().nullable(),
  note: z.string().nullable(),
});

export const serviceUserTrainingInput = z.object({
  service_id: id('service_id'),
  user_id: id('user_id'),
  training_id: id('training_id'),
  license_request_id: optionalId('license_request_id'),
  reimburse: booleanish.default(false),
  amount_cents: cents('amount_cents').default(0),
  note: optionalText(2000),
});
export const serviceUserTrainingOutput = z.object({
  ...stamps,
  service_id: z.uuid(),
  service_name: z.string().nullable(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  training_id: z.uuid(),
  training_name: z.string().nullable(),
  license_request_id: z.uuid().nullable(),
  reimburse: z.boolean(),
  amount_cents: z.number().int(),
  reimbursed_at: timestamp.nullable(),
  note: z.string().nullable(),
});

/** `ServiceUserLongevities/saveElement`: elements are loosely typed, each checked by the save rule. */
const looseElement = z.record(z.string(), z.unknown());
export const saveLongevitiesInput = z.object({
  service_user_longevities: z.array(looseElement).max(500),
  license_request_id: optionalId('license_request_id'),
});
export const saveTrainingsInput = z.object({
  service_user_trainings: z.array(looseElement).max(500),
  license_request_id: optionalId('license_request_id'),
});
export const saveElementOutput = z.object({
  saved: z.array(z.uuid()),
  skipped: z.array(z.object({ index: z.number().int(), reason: z.string() })),
});
export type SaveElementOutput = z.infer<typeof saveElementOutput>;

export const manualRedemptionInput = z.object({ user_id: id('user_id') });
export const manualRedemptionOutput = z.object({
  redeemed: z.number().int(),
  credit_cents: z.number().int(),
  credits: z.array(z.uuid()),
});

export const serviceQuery = z.object({ service_id: id('service_id') });
export const reimbursementOutput = z.object({
  service_id: z.uuid(),
  items: z.array(serviceUserTrainingOutput),
  total_cents: z.number().int(),
  reimbursable_cents: z.number().int(),
});

// ---- CE audits ---------------------------------------------------------------------------------

export const ceAuditInput = z
  .object({
    label: text('label', 200),
    percentage: z.coerce
      .number({ message: 'percentage must be a number' })
      .int('percentage must be a whole number')
      .min(1, 'percentage must be between 1 and 100')
      .max(100, 'percentage must be between 1 and 100'),
    renewed_from: date('renewed_from'),
    renewed_to: date('renewed_to'),
    due_date: date('due_date'),
  })
  .refine((v) => v.renewed_from <= v.renewed_to, {
    path: ['renewed_to'],
    message: 'renewed_to must not be before renewed_from',
  });
export const ceAuditMemberOutput = z.object({
  id: z.uuid(),
  ce_audit_id: z.uuid(),
  user_id: z.uuid(),
  user_name: z.string().nullable(),
  certification_id: z.uuid().nullable(),
  status: z.enum(['requested', 'submitted', 'accepted', 'deficient']),
  document_id: z.uuid().nullable(),
  note: z.string().nullable(),
  complaint_id: z.uuid().nullable(),
  due_date: z.string(),
  label: z.string(),
});
export type CeAuditMemberOutput = z.infer<typeof ceAuditMemberOutput>;
export const ceAuditOutput = z.object({
  id: z.uuid(),
  label: z.string(),
  percentage: z.number().int(),
  renewed_from: z.string(),
  renewed_to: z.string(),
  due_date: z.string(),
  created_at: timestamp,
  population: z.number().int(),
  members: z.array(ceAuditMemberOutput),
});
export const ceAuditProofInput = z.object({ document_id: id('document_id'), note: optionalText(2000) });
export const ceAuditDecisionInput = z.object({
  status: z.enum(['accepted', 'deficient'], { message: 'status must be accepted or deficient' }),
  note: optionalText(2000),
  open_complaint: booleanish.default(false),
});
export type CeAuditDecisionInput = z.infer<typeof ceAuditDecisionInput>;
export type CeAuditInput = z.infer<typeof ceAuditInput>;
export type CeAuditOutput = z.infer<typeof ceAuditOutput>;

/** An audit in the list: its counts by status instead of its members. */
export const ceAuditSummary = ceAuditOutput.omit({ members: true }).extend({
  sampled: z.number().int(),
  requested: z.number().int(),
  submitted: z.number().int(),
  accepted: z.number().int(),
  deficient: z.number().int(),
});
export type CeAuditSummary = z.infer<typeof ceAuditSummary>;
export const ceAuditList = z.array(ceAuditSummary);
export const myCeAudits = z.array(ceAuditMemberOutput);

/** `POST EducationModule/VerifySelfEnteredCourse/{id}`: the course verified and its person credited. */
export const verifySelfEnteredOutput = z.object({ training_id: z.uuid(), attendee_id: z.uuid() });

/** The messages of reviewing courses and completing attendees. */
export const educationMessages = {
  rejectReason: 'reason is required: the person is sent it',
  completionBeforeCourse: (start: string) =>
    `An attendee cannot be marked complete before the course takes place (it starts on ${start}).`,
} as const;

/** `POST /api/EducationModule/RejectSelfEnteredCourse/{id}`: why the course is not accepted. */
export const rejectSelfEnteredBody = z.object({
  reason: z
    .string({ message: educationMessages.rejectReason })
    .trim()
    .min(1, educationMessages.rejectReason)
    .max(2000, 'reason must be at most 2000 characters'),
});
/** notified: false when the person has no email address to write to. */
export const rejectSelfEnteredOutput = z.object({ training_id: z.uuid(), notified: z.boolean() });
export type RejectSelfEnteredOutput = z.infer<typeof rejectSelfEnteredOutput>;
