// Contracts of the exams module (issue 15): the configuration lists, the spec's messages, and the
// skill sheets, exam forms, packets and passing requirement groups staff build.
import { z } from 'zod';
import { timestamp } from './paging';
import { referenceList } from './resource';
import { blankToNull as blank, id, optionalId, optionalText as text } from './shared-fields';

const name = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(200, `${field} must be at most 200 characters`);
const whole = (field: string, min: number, max: number) =>
  z
    .number({ message: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be ${min} or more`)
    .max(max, `${field} must be ${max} or less`);
const flag = (field: string) => z.boolean({ message: `${field} must be true or false` }).optional();
const ids = (field: string, max = 200) =>
  z
    .array(id(field), { message: `${field} must be a list of ids` })
    .max(max)
    .optional();

/**
 * The spec's messages, word for word (the double spaces and "Please user" included): the API answers
 * them as error messages and the screens show them.
 */
export const examMessages = {
  packetNameTaken: 'There is already a packet with that name.  Please user a different packet name.',
  /** Followed by the error's type. */
  packetSaveFailed: 'There was an issue saving your packet.  Please contact support:',
  /** Followed by the name that is taken. */
  packetCopyNameTaken: 'Issue copying the current packet.  There is already a packet with the name:',
  packetCopied: 'Record copied successfully',
  groupNameTaken: 'A Group already exists with that name.',
  groupSaveFailed: 'An error has occurred.  Please contact support.',
} as const;

/** "There was an issue saving your packet.  Please contact support: {type}". */
export const packetSaveFailedMessage = (type: string) => `${examMessages.packetSaveFailed} ${type}`;
/** The copy's name is taken: the spec's message naming it. */
export const packetCopyNameTakenMessage = (taken: string) => `${examMessages.packetCopyNameTaken} ${taken}`;

const examsConfig = { module: 'exams', read: 'exams.read', write: 'exams.write' } as const;

/** The exam module's configuration lists, served by the reference-list engine. */
export const examResources = [
  referenceList('ex_types', 'ExamTypes', 'exam_type', 'Exam types', {
    ...examsConfig,
    singular: 'exam type',
    fields: [
      {
        name: 'kind',
        label: 'Kind',
        kind: 'select',
        options: ['psychomotor', 'written'],
        defaultValue: 'psychomotor',
        required: true,
        listed: true,
      },
    ],
  }),
  referenceList('ex_locations', 'ExamLocations', 'exam_location', 'Exam locations', {
    ...examsConfig,
    singular: 'exam location',
    fields: [
      { name: 'street', label: 'Street', kind: 'text', maxLength: 200 },
      { name: 'city', label: 'City', kind: 'text', maxLength: 100, listed: true },
      { name: 'state', label: 'State', kind: 'text', maxLength: 2 },
      { name: 'postal_code', label: 'Postal code', kind: 'text', maxLength: 10 },
      {
        name: 'capacity',
        label: 'Seats',
        kind: 'int',
        min: 1,
        max: 10_000,
        help: 'How many candidates the location seats: a session there takes at most this many.',
      },
    ],
  }),
  referenceList('ex_session_statuses', 'EXSessionStatus', 'session_status', 'Exam session statuses', {
    ...examsConfig,
    singular: 'session status',
    fields: [
      { name: 'is_open', label: 'Open for registration', kind: 'bool', defaultValue: true, listed: true },
      { name: 'is_final', label: 'Closes the session', kind: 'bool', listed: true },
    ],
  }),
  referenceList('ex_alert_types', 'EXAlertTypes', 'alert_type', 'Exam alert types', {
    ...examsConfig,
    singular: 'exam alert type',
  }),
  referenceList('ex_function_as', 'EXFunctionAs', 'function_as', 'Exam staff roles', {
    ...examsConfig,
    singular: 'exam staff role',
    fields: [
      {
        name: 'role',
        label: 'For',
        kind: 'select',
        options: ['coordinator', 'examiner'],
        required: true,
        defaultValue: 'examiner',
        listed: true,
      },
    ],
  }),
  referenceList('ex_skill_categories', 'EXSkillCategory', 'skill_category', 'Skill categories', {
    ...examsConfig,
    singular: 'skill category',
  }),
  referenceList('ex_autonumbers', 'ExamAutoNums', 'exam_auto_num', 'Exam auto numbers', {
    ...examsConfig,
    singular: 'exam auto number',
    ownFields: [
      {
        name: 'entity',
        label: 'Numbers',
        kind: 'select',
        options: ['session'],
        required: true,
        defaultValue: 'session',
        listed: true,
      },
      { name: 'autonumber_id', label: 'Auto number', kind: 'uuid', ref: 'autonumbers', required: true },
      { name: 'active', label: 'Active', kind: 'bool', defaultValue: true, listed: true },
    ],
    unique: [['entity']],
    searchable: [],
  }),
] as const;

/** One step of a skill sheet and the points it is worth. */
export const skillStep = z.object({
  label: z.string({ message: 'a step needs a label' }).trim().min(1, 'a step needs a label').max(500),
  points: whole('points', 0, 100),
});
/** A critical criterion: checking any one fails the skill. */
export const skillCriterion = z.object({
  label: z
    .string({ message: 'a criterion needs a label' })
    .trim()
    .min(1, 'a criterion needs a label')
    .max(500),
});
export type SkillStep = z.infer<typeof skillStep>;
export type SkillCriterion = z.infer<typeof skillCriterion>;

/** `{skill}` of POST and PUT EXSkill (the steps and criteria may also come as the body's `options`). */
export const examSkillInput = z.object({
  name: name('name'),
  description: text('description', 4000),
  category_id: optionalId('category_id'),
  active: flag('active'),
  /** A critical skill: failing it fails the whole packet, whatever the groups say. */
  critical: flag('critical'),
  time_limit_seconds: z.preprocess(blank, whole('time_limit_seconds', 1, 86_400).nullable().optional()),
  min_points: whole('min_points', 0, 10_000).optional(),
  steps: z.array(skillStep, { message: 'steps must be a list' }).max(100).optional(),
  critical_criteria: z
    .array(skillCriterion, { message: 'critical_criteria must be a list' })
    .max(100)
    .optional(),
});
export type ExamSkillInput = z.infer<typeof examSkillInput>;

export const examSkillOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  category_id: z.uuid().nullable(),
  category: z.string().nullable(),
  active: z.boolean(),
  critical: z.boolean(),
  time_limit_seconds: z.number().int().nullable(),
  min_points: z.number().int(),
  possible_points: z.number().int(),
  steps: z.array(skillStep),
  critical_criteria: z.array(skillCriterion),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExamSkillOutput = z.infer<typeof examSkillOutput>;

/** `{exam_form}` of POST and PUT EXForms: a station of the exam, scoring its skills. */
export const examFormInput = z.object({
  name: name('name'),
  description: text('description', 4000),
  active: flag('active'),
  skill_ids: ids('skill_ids', 50),
  /** A form builder form answered with it (written questions, attestations), if any. */
  fb_form_id: optionalId('fb_form_id'),
});
export const examFormOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  skill_ids: z.array(z.uuid()),
  fb_form_id: z.uuid().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExamFormOutput = z.infer<typeof examFormOutput>;

/** `{exam_packet}` of POST and PUT ExamPackets. */
export const examPacketInput = z.object({
  name: name('name'),
  description: text('description', 4000),
  active: flag('active'),
  /** Failed attempts after which retesting is refused (0: no limit). */
  max_failed_attempts: whole('max_failed_attempts', 0, 100).optional(),
  license_category_level_id: optionalId('license_category_level_id'),
  /** The packet's forms in order (replaces them when given). */
  exam_form_ids: ids('exam_form_ids', 50),
});
export const examPacketFormOutput = z.object({
  exam_form_id: z.uuid(),
  name: z.string(),
  sort_order: z.number().int(),
});
export const passingRequirementOutput = z.object({
  id: z.uuid(),
  exam_packet_id: z.uuid(),
  name: z.string(),
  min_passed_forms: z.number().int(),
  exam_form_ids: z.array(z.uuid()),
  created_at: timestamp,
  updated_at: timestamp,
});
export type PassingRequirementOutput = z.infer<typeof passingRequirementOutput>;
export const examPacketOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  active: z.boolean(),
  active_status: z.enum(['Active', 'Inactive']),
  max_failed_attempts: z.number().int(),
  license_category_level_id: z.uuid().nullable(),
  license_category_level: z.string().nullable(),
  exam_packet_forms: z.array(examPacketFormOutput),
  passing_requirements: z.array(passingRequirementOutput),
  created_at: timestamp,
  updated_at: timestamp,
});
export type ExamPacketOutput = z.infer<typeof examPacketOutput>;

/** `{passing_requirement}` of POST and PUT PassingRequirments: a group of a packet's forms. */
export const passingRequirementInput = z.object({
  exam_packet_id: id('exam_packet_id'),
  name: name('name'),
  min_passed_forms: whole('min_passed_forms', 1, 50),
  exam_form_ids: ids('exam_form_ids', 50),
});

/** A batch status change: `status` true or "active" activates, false or "inactive" deactivates. */
export const activeStatus = z
  .union([z.boolean(), z.enum(['active', 'inactive', 'Active', 'Inactive'])], {
    message: 'status must be active or inactive',
  })
  .transform((v) => v === true || v === 'active' || v === 'Active');

/** POST UpdateExamFormStatuses. */
export const examFormStatusesBody = z.object({
  examFormIDs: z.array(id('examFormIDs')).min(1, 'examFormIDs must name a form').max(1000),
  status: activeStatus,
});
/** POST exams/copyForm. */
export const copyFormBody = z.object({ copyID: id('copyID') });
/** What a packet copy answers. */
export const packetCopied = z.object({ message: z.string(), id: z.uuid(), name: z.string() });
/** GET ExamLookupColumns: the lists exam records look values up in. */
export const examLookupColumn = z.object({
  column: z.string(),
  path: z.string(),
  title: z.string(),
  singular: z.string(),
});
