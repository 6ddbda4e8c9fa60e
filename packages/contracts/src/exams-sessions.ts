// Contracts of exam sessions (issue 15): sessions with their coordinators and examiners, the staff
// rosters, candidates registered from requests whose exam process is pending, and results.
import { z } from 'zod';
import { skillCriterion, skillStep } from './exams';
import { booleanish, listQuery, timestamp } from './paging';
import { blankToNull as blank, id, optionalId, optionalText as text } from './shared-fields';

const ids = (field: string, max = 50) =>
  z
    .array(id(field), { message: `${field} must be a list of ids` })
    .max(max)
    .optional();

/** `{exam_session}` of POST and PUT ExamSessions. */
export const examSessionInput = z.object({
  name: text('name', 200),
  session_date: z.iso.date({ message: 'session_date must be a date (YYYY-MM-DD)' }),
  start_time: z.preprocess(
    blank,
    z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'start_time must be a time (HH:MM, 24-hour)')
      .nullable()
      .optional(),
  ),
  location_id: optionalId('location_id'),
  exam_type_id: optionalId('exam_type_id'),
  status_id: optionalId('status_id'),
  exam_packet_id: id('exam_packet_id'),
  capacity: z
    .number({ message: 'capacity must be a whole number' })
    .int('capacity must be a whole number')
    .min(1, 'capacity must be 1 or more')
    .max(10_000, 'capacity must be 10000 or less'),
  coordinator_ids: ids('coordinator_ids'),
  examiner_ids: ids('examiner_ids'),
  notes: text('notes', 4000),
});
export type ExamSessionInput = z.infer<typeof examSessionInput>;

export const examSessionOutput = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  name: z.string().nullable(),
  session_date: z.string(),
  start_time: z.string().nullable(),
  location_id: z.uuid().nullable(),
  location: z.string().nullable(),
  exam_type_id: z.uuid().nullable(),
  exam_type: z.string().nullable(),
  status_id: z.uuid().nullable(),
  status: z.string().nullable(),
  exam_packet_id: z.uuid(),
  exam_packet: z.string().nullable(),
  capacity: z.number().int(),
  registered: z.number().int(),
  coordinator_ids: z.array(z.uuid()),
  examiner_ids: z.array(z.uuid()),
  notes: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExamSessionOutput = z.infer<typeof examSessionOutput>;

/** `{exam_coordinator}` / `{exam_examiner}`: a person qualified to coordinate or examine. */
export const examStaffInput = z.object({
  user_id: id('user_id'),
  /** Staff of the office (true) or an outside instructor or examiner (false). */
  internal: z.boolean({ message: 'internal must be true or false' }).optional(),
  /** The licence levels they are qualified for (none: every level). */
  license_category_level_ids: ids('license_category_level_ids'),
  function_as_id: optionalId('function_as_id'),
  active: z.boolean({ message: 'active must be true or false' }).optional(),
  notes: text('notes', 2000),
});
export const examStaffOutput = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  internal: z.boolean(),
  license_category_level_ids: z.array(z.uuid()),
  function_as_id: z.uuid().nullable(),
  function_as: z.string().nullable(),
  active: z.boolean(),
  notes: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExamStaffOutput = z.infer<typeof examStaffOutput>;

/** The staff paged filter of the catalog (`alphaFilter`: first letter of the last name). */
export const examStaffFilter = listQuery.extend({
  alphaFilter: z.string().trim().max(1).optional(),
  internal: booleanish.optional(),
  licenseCategoryLevelId: id('licenseCategoryLevelId').optional(),
});

/** A person who could be added to a staff roster (ExamCoordinatorsFilter, ExamExaminersFilter). */
export const examPersonOutput = z.object({
  id: z.uuid(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  is_staff: z.boolean(),
  on_roster: z.boolean(),
});

/** A candidate of a session. */
export const candidateStatuses = ['registered', 'passed', 'failed', 'withdrawn'] as const;
export type CandidateStatus = (typeof candidateStatuses)[number];

/** Messages of registration and withdrawal that the API answers and the portal shows. */
export const candidateMessages = {
  /** The portal candidate's own withdrawal, on or after the day of the session. */
  withdrawTooLate: (sessionDate: string) =>
    `You can no longer withdraw from this session: withdrawal closes the day before the session (${sessionDate}). Please contact the exam office.`,
  /** Withdrawing a registration that is withdrawn already or has a result. */
  notRegistered: (status: string) =>
    status === 'withdrawn'
      ? 'This registration has already been withdrawn.'
      : `This candidate cannot withdraw: the result (${status}) is recorded.`,
} as const;

/** POST ExamSessions/{id}/Register: a request whose exam process is pending takes a seat. */
export const registerCandidateBody = z.object({ license_request_id: id('license_request_id') });

export const candidateOutput = z.object({
  id: z.uuid(),
  session_id: z.uuid(),
  license_request_id: z.uuid(),
  user_id: z.uuid().nullable(),
  name: z.string().nullable(),
  attempt: z.number().int(),
  status: z.enum(candidateStatuses),
  registered_at: timestamp,
  result_at: timestamp.nullable(),
});
export type CandidateOutput = z.infer<typeof candidateOutput>;

/** POST ExamSessions/{id}/Results: an examiner's score of one skill of one candidate. */
export const recordResultBody = z.object({
  candidate_id: id('candidate_id'),
  exam_form_id: id('exam_form_id'),
  skill_id: id('skill_id'),
  step_points: z
    .array(z.number().int('step_points must be whole numbers').min(0).max(100), {
      message: 'step_points must be a list of points',
    })
    .max(100),
  critical_failures: z
    .array(z.number().int().min(0).max(99), { message: 'critical_failures must list criteria' })
    .max(100),
  time_seconds: z.preprocess(blank, z.number().int().min(0).max(86_400).nullable().optional()),
  notes: text('notes', 2000),
});
export type RecordResultBody = z.infer<typeof recordResultBody>;

export const skillResultOutput = z.object({
  id: z.uuid(),
  candidate_id: z.uuid(),
  exam_form_id: z.uuid(),
  skill_id: z.uuid(),
  skill_name: z.string().nullable(),
  step_points: z.array(z.number().int()),
  critical_failures: z.array(z.number().int()),
  time_seconds: z.number().int().nullable(),
  points: z.number().int(),
  passed: z.boolean(),
  reasons: z.array(z.string()),
  notes: z.string().nullable(),
  examiner_id: z.uuid().nullable(),
  recorded_at: timestamp,
});
export type SkillResultOutput = z.infer<typeof skillResultOutput>;

export const recordResultResponse = z.object({
  result: skillResultOutput,
  candidate: candidateOutput,
  outcome: z.enum(['passed', 'failed', 'pending']),
});

/** A skill sheet as the scoring screen shows it. */
export const scoringSkill = z.object({
  id: z.uuid(),
  name: z.string(),
  critical: z.boolean(),
  time_limit_seconds: z.number().int().nullable(),
  min_points: z.number().int(),
  steps: z.array(skillStep),
  critical_criteria: z.array(skillCriterion),
});
/** GET ExamSessions/{id}/Scoring: what the examiner scores on the day. */
export const scoringSheet = z.object({
  session: examSessionOutput,
  forms: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      /** The form-builder form the examiner also fills for each candidate, if the exam form has one. */
      fb_form_id: z.uuid().nullable(),
      skills: z.array(scoringSkill),
    }),
  ),
  candidates: z.array(candidateOutput.extend({ results: z.array(skillResultOutput) })),
});
export type ScoringSheet = z.infer<typeof scoringSheet>;

/** Counts of a session (Summary, and each row of ExamSessionSummaries). */
export const sessionSummary = z.object({
  id: z.uuid(),
  number: z.string().nullable(),
  name: z.string().nullable(),
  session_date: z.string(),
  location: z.string().nullable(),
  status: z.string().nullable(),
  exam_packet: z.string().nullable(),
  capacity: z.number().int(),
  registered: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  seats_left: z.number().int(),
  coordinators: z.number().int(),
  examiners: z.number().int(),
});
export const sessionSummariesQuery = z.object({
  from: z.iso.date({ message: 'from must be a date (YYYY-MM-DD)' }).optional(),
  to: z.iso.date({ message: 'to must be a date (YYYY-MM-DD)' }).optional(),
});
export const sessionStaffMember = z.object({
  user_id: z.uuid(),
  roster_id: z.uuid().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  function_as: z.string().nullable(),
});
export const candidateSummary = candidateOutput.extend({
  skills_scored: z.number().int(),
  skills_passed: z.number().int(),
  points: z.number().int(),
});
export const resultSummary = z.object({
  exam_form_id: z.uuid(),
  form_name: z.string().nullable(),
  skill_id: z.uuid(),
  skill_name: z.string().nullable(),
  scored: z.number().int(),
  passed: z.number().int(),
  failed: z.number().int(),
  critical_failures: z.number().int(),
});
/** POST ExamSessions/{id}/Documents: a document uploaded with Documents/upload becomes the session's. */
export const attachSessionDocumentBody = z.object({ document_id: id('document_id') });
export const sessionDocumentParams = z.object({
  id: id('id'),
  documentId: id('documentId'),
});
export const sessionDocument = z.object({
  id: z.uuid(),
  name: z.string(),
  mime_type: z.string(),
  size_bytes: z.number().int(),
  created_at: timestamp,
});

/** A request of someone waiting for the exam, and whether they may (still) register. */
export const eligibleRequest = z.object({
  license_request_id: z.uuid(),
  user_id: z.uuid().nullable(),
  name: z.string().nullable(),
  license_name: z.string().nullable(),
  level: z.string().nullable(),
  process_status: z.string().nullable(),
  failed_attempts: z.number().int(),
  registered: z.boolean(),
  refusal: z.string().nullable(),
});
export type EligibleRequest = z.infer<typeof eligibleRequest>;

/** GET exams/mySessions: the portal candidate's exam requests, open sessions, registrations, results. */
export const myExams = z.object({
  requests: z.array(
    eligibleRequest.extend({
      exam_packet_id: z.uuid(),
      exam_packet: z.string(),
      open_sessions: z.array(
        z.object({
          id: z.uuid(),
          name: z.string().nullable(),
          number: z.string().nullable(),
          session_date: z.string(),
          start_time: z.string().nullable(),
          location: z.string().nullable(),
          seats_left: z.number().int(),
        }),
      ),
    }),
  ),
  registrations: z.array(
    candidateOutput.extend({
      session_name: z.string().nullable(),
      session_date: z.string(),
      start_time: z.string().nullable(),
      location: z.string().nullable(),
      exam_packet: z.string().nullable(),
      results: z.array(
        z.object({
          skill_name: z.string().nullable(),
          passed: z.boolean(),
          points: z.number().int(),
          possible: z.number().int(),
          /** Why a failed skill failed (a critical criterion missed, too few points, over time). */
          reasons: z.array(z.string()),
        }),
      ),
    }),
  ),
});
export type MyExams = z.infer<typeof myExams>;
