// Contracts of fire drill reporting (issue 18): schools report their drills on the public site without
// signing in; staff keep the school systems and schools and read and export the reports.
import { z } from 'zod';
import { timestamp } from './paging';
import { referenceList } from './resource';
import { id } from './shared-fields';

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (name: string, max: number) =>
  z.preprocess(
    blank,
    z
      .string({ message: `${name} must be text` })
      .trim()
      .max(max, `${name} must be at most ${max} characters`)
      .optional(),
  );

const fireDrillsConfig = {
  module: 'firedrills',
  read: 'firedrills.read',
  write: 'firedrills.write',
} as const;

/** School systems (districts) and their schools: lists staff keep, the public form picks from. */
export const fireDrillResources = [
  referenceList('school_systems', 'firedrill/schoolsystems', 'school_system', 'School systems', {
    ...fireDrillsConfig,
    fields: [
      { name: 'county', label: 'County', kind: 'text', maxLength: 100, listed: true },
      { name: 'contact_email', label: 'Contact email', kind: 'text', maxLength: 200 },
    ],
  }),
  referenceList('schools', 'firedrill/schools', 'school', 'Schools', {
    ...fireDrillsConfig,
    fields: [
      {
        name: 'school_system_id',
        label: 'School system',
        kind: 'uuid',
        ref: 'school_systems',
        required: true,
        listed: true,
      },
      { name: 'address', label: 'Street address', kind: 'text', maxLength: 200 },
      { name: 'city', label: 'City', kind: 'text', maxLength: 100, listed: true },
    ],
    unique: [['school_system_id', 'label']],
    filters: { school_system_id: 'school_system_id' },
  }),
] as const;

export const fireDrillTypes = ['fire', 'evacuation', 'shelter', 'lockdown'] as const;
export const fireDrillTypeLabels: Record<(typeof fireDrillTypes)[number], string> = {
  fire: 'Fire drill',
  evacuation: 'Evacuation (other than fire)',
  shelter: 'Severe weather shelter',
  lockdown: 'Lockdown',
};

export const fireDrillMessages = {
  future: 'The drill date cannot be in the future.',
  tooOld: 'Drills are reported for this school year or the last one: the date is too long ago.',
  evacuationRequired: 'Say how long the evacuation took, in seconds.',
  schoolNotFound: 'Choose a school from the list.',
  humanCheckFailed: 'The check that you are not a robot did not pass. Try it again.',
} as const;

/** A drill as the school reports it (the public form), and as staff correct it. */
export const fireDrillInput = z
  .object({
    school_id: id('school_id'),
    drill_date: z.iso.date({ message: 'drill_date must be a date (YYYY-MM-DD)' }),
    drill_time: z.preprocess(
      blank,
      z
        .string()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'drill_time must be a time of day (HH:MM)')
        .optional(),
    ),
    drill_type: z.enum(fireDrillTypes, {
      message: 'drill_type must be fire, evacuation, shelter or lockdown',
    }),
    announced: z.boolean({ message: 'announced must be true or false' }).default(false),
    evacuation_seconds: z.preprocess(
      blank,
      z
        .number({ message: 'evacuation_seconds must be a number of seconds' })
        .int('evacuation_seconds must be a whole number of seconds')
        .min(1, 'evacuation_seconds must be at least 1')
        .max(7200, 'evacuation_seconds must be at most 7200 (two hours)')
        .optional(),
    ),
    occupants: z.preprocess(
      blank,
      z
        .number({ message: 'occupants must be a number' })
        .int('occupants must be a whole number')
        .min(0, 'occupants cannot be negative')
        .max(20_000, 'occupants must be at most 20000')
        .optional(),
    ),
    notes: optionalText('notes', 2000),
    reporter_name: z
      .string({ message: 'reporter_name is required' })
      .trim()
      .min(1, 'Your name is required.')
      .max(100, 'reporter_name must be at most 100 characters'),
    reporter_title: optionalText('reporter_title', 100),
    reporter_email: z
      .email({ message: 'Enter an email address where we can reach you.' })
      .max(200, 'reporter_email must be at most 200 characters'),
    reporter_phone: optionalText('reporter_phone', 32),
  })
  .superRefine((d, ctx) => {
    if ((d.drill_type === 'fire' || d.drill_type === 'evacuation') && d.evacuation_seconds === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['evacuation_seconds'],
        message: fireDrillMessages.evacuationRequired,
      });
  });
export type FireDrillInput = z.infer<typeof fireDrillInput>;

/** POST public/firedrill/drills. */
export const publicFireDrillBody = z.object({
  drill: fireDrillInput,
  /** The human check's answer: a reCAPTCHA token, or the local check's `challenge:counter`. */
  recaptchaToken: z.string().max(4000).optional(),
});
export type PublicFireDrillBody = z.infer<typeof publicFireDrillBody>;

export const publicFireDrillReceipt = z.object({ id: z.uuid(), message: z.string() });

/** What anyone may read of a reported drill: never who reported it. */
export const publicFireDrill = z.object({
  id: z.uuid(),
  school_id: z.uuid(),
  drill_date: z.string(),
  drill_time: z.string().nullable(),
  drill_type: z.enum(fireDrillTypes),
  announced: z.boolean(),
  evacuation_seconds: z.number().int().nullable(),
  occupants: z.number().int().nullable(),
});
export type PublicFireDrill = z.infer<typeof publicFireDrill>;

/** A drill as staff read it. */
export const fireDrillOutput = publicFireDrill.extend({
  year: z.number().int(),
  school: z.string().nullable(),
  school_system_id: z.uuid().nullable(),
  school_system: z.string().nullable(),
  notes: z.string().nullable(),
  reporter_name: z.string(),
  reporter_title: z.string().nullable(),
  reporter_email: z.string(),
  reporter_phone: z.string().nullable(),
  source: z.enum(['public', 'staff']),
  created_at: timestamp,
  updated_at: timestamp,
});
export type FireDrillOutput = z.infer<typeof fireDrillOutput>;

export const publicSchoolSystem = z.object({
  id: z.uuid(),
  label: z.string(),
  county: z.string().nullable(),
});
export const publicSchool = z.object({
  id: z.uuid(),
  label: z.string(),
  school_system_id: z.uuid(),
  city: z.string().nullable(),
});
export const publicSchoolsQuery = z.object({ school_system_id: id('school_system_id') });
export const publicDrillsQuery = z.object({
  school_id: id('school_id'),
  year: z.coerce
    .number({ message: 'year must be a year such as 2026' })
    .int('year must be a year such as 2026')
    .min(1900, 'year must be a year such as 2026')
    .max(2200, 'year must be a year such as 2026')
    .optional(),
});

/** GET firedrill/drills/export. */
export const fireDrillExportQuery = z.object({
  format: z.enum(['csv', 'xlsx'], { message: 'format must be csv or xlsx' }).default('csv'),
  year: publicDrillsQuery.shape.year,
  school_system_id: id('school_system_id').optional(),
  school_id: id('school_id').optional(),
});

/**
 * GET public/humancheck: how the public form proves a person sent it. With the enterprise's reCAPTCHA
 * the browser asks Google for a token with the site key; otherwise the local stand-in hands out a
 * challenge the browser answers by finding a counter whose SHA-256 of `challenge:counter` starts with
 * `difficulty` zero bits (a proof of work, single use, short-lived).
 */
export const humanCheckQuery = z.object({
  action: z.enum(['firedrill', 'complaint'], { message: 'action must be firedrill or complaint' }),
});
export const humanCheckChallenge = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('recaptcha'), site_key: z.string() }),
  z.object({
    kind: z.literal('local'),
    challenge: z.string(),
    difficulty: z.number().int(),
    expires_at: timestamp,
  }),
]);
export type HumanCheckChallenge = z.infer<typeof humanCheckChallenge>;
