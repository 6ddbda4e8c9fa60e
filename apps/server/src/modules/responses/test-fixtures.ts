// A form built through the forms API, and helpers to answer it, for the responses tests.
import { randomUUID } from 'node:crypto';
import type { AnswerInput, ApplicantAccess } from '@licensure/contracts';
import { fb_elements } from '@licensure/db';
import type { Caller, TestContext } from '../../test/test-app';

export interface TestForm {
  id: string;
  name: string;
  pages: { about: string; finish: string };
  groups: { details: string; vehicle: string; finish: string; staff: string; populated: string };
  q: {
    name: string;
    dob: string;
    colour: string;
    languages: string;
    hasVehicle: string;
    plate: string;
    address: string;
    licence: string;
    agree: string;
    signature: string;
    notes: string;
    intro: string;
    verified: string;
    firstName: string;
    birthDate: string;
    serviceName: string;
    unmapped: string;
  };
  options: { red: string; blue: string; en: string; fr: string; de: string };
}

export interface FormOptions {
  name?: string;
  applicant_access?: ApplicantAccess;
  /** The signature question's own required message (null: the spec's default). */
  signatureMessage?: string | null;
  active?: boolean;
}

let counter = 0;

/** Elements mapping questions to a person's first name and birth date and a service's name. */
async function elements(t: TestContext) {
  const db = t.database.db;
  const rows = (await db
    .insert(fb_elements)
    .values([
      {
        enterprise_id: t.enterpriseId,
        label: `First name ${++counter}`,
        entity: 'user',
        field_name: 'first_name',
      },
      {
        enterprise_id: t.enterpriseId,
        label: `Birth date ${counter}`,
        entity: 'user',
        field_name: 'birth_date',
      },
      {
        enterprise_id: t.enterpriseId,
        label: `Service name ${counter}`,
        entity: 'service',
        field_name: 'name',
      },
    ])
    .returning()) as { id: string }[];
  return { firstName: rows[0]!.id, birthDate: rows[1]!.id, serviceName: rows[2]!.id };
}

/**
 * A two-page form made through POST fbforms: details (text, date, select, multi-select, yes/no), a
 * vehicle group shown only when "has a vehicle" is yes, then address, file, checkbox, signature and
 * notes; a spot-check group for staff; and a group of questions mapped to record fields.
 */
export async function buildForm(t: TestContext, options: FormOptions = {}): Promise<TestForm> {
  const el = await elements(t);
  const id = () => randomUUID();
  const form: TestForm = {
    id: id(),
    name: options.name ?? `Initial application ${++counter}`,
    pages: { about: id(), finish: id() },
    groups: { details: id(), vehicle: id(), finish: id(), staff: id(), populated: id() },
    q: {
      name: id(),
      dob: id(),
      colour: id(),
      languages: id(),
      hasVehicle: id(),
      plate: id(),
      address: id(),
      licence: id(),
      agree: id(),
      signature: id(),
      notes: id(),
      intro: id(),
      verified: id(),
      firstName: id(),
      birthDate: id(),
      serviceName: id(),
      unmapped: id(),
    },
    options: { red: id(), blue: id(), en: id(), fr: id(), de: id() },
  };
  const { q, groups, options: o } = form;
  const body = {
    form: {
      id: form.id,
      name: form.name,
      description: 'Apply for a first licence',
      active: options.active ?? true,
      applicant_access: options.applicant_access ?? 'edit',
      pages: [
        {
          id: form.pages.about,
          title: 'About you',
          groups: [
            {
              id: groups.details,
              title: 'Your details',
              questions: [
                {
                  id: q.intro,
                  kind: 'instructions',
                  label: 'Before you start',
                  help_text: 'Have your licence at hand.',
                },
                { id: q.name, kind: 'short_text', label: 'Full name', required: true },
                { id: q.dob, kind: 'date', label: 'Date of birth' },
                {
                  id: q.colour,
                  kind: 'select',
                  label: 'Favourite colour',
                  options: [
                    { id: o.red, label: 'Crimson red' },
                    { id: o.blue, label: 'Ocean blue' },
                  ],
                },
                {
                  id: q.languages,
                  kind: 'multi_select',
                  label: 'Languages spoken',
                  options: [
                    { id: o.en, label: 'English' },
                    { id: o.fr, label: 'French' },
                    { id: o.de, label: 'German' },
                  ],
                },
                { id: q.hasVehicle, kind: 'yes_no', label: 'Do you own a vehicle?', required: true },
              ],
            },
            {
              id: groups.vehicle,
              title: 'Vehicle details',
              questions: [{ id: q.plate, kind: 'short_text', label: 'Licence plate', required: true }],
            },
            {
              id: groups.populated,
              title: 'From your record',
              questions: [
                {
                  id: q.firstName,
                  kind: 'short_text',
                  label: 'First name on record',
                  element_id: el.firstName,
                },
                { id: q.birthDate, kind: 'date', label: 'Birth date on record', element_id: el.birthDate },
                {
                  id: q.serviceName,
                  kind: 'short_text',
                  label: 'Service on record',
                  element_id: el.serviceName,
                },
                { id: q.unmapped, kind: 'short_text', label: 'Anything else' },
              ],
            },
          ],
        },
        {
          id: form.pages.finish,
          title: 'Finish',
          groups: [
            {
              id: groups.finish,
              title: 'Sign and send',
              questions: [
                { id: q.address, kind: 'address', label: 'Mailing address' },
                { id: q.licence, kind: 'file', label: 'Copy of your licence' },
                { id: q.agree, kind: 'checkbox', label: 'I agree to the terms' },
                {
                  id: q.signature,
                  kind: 'signature',
                  label: 'Your signature',
                  required: true,
                  required_message: options.signatureMessage ?? null,
                },
                { id: q.notes, kind: 'long_text', label: 'Notes' },
              ],
            },
            {
              id: groups.staff,
              title: 'Staff check',
              spot_check: true,
              questions: [{ id: q.verified, kind: 'yes_no', label: 'Identity verified' }],
            },
          ],
        },
      ],
      conditions: [
        {
          id: id(),
          target_group_id: groups.vehicle,
          source_question_id: q.hasVehicle,
          operator: 'equals',
          value: 'yes',
        },
      ],
    },
  };
  const res = await t.call(t.admin, { method: 'POST', url: '/api/fbforms', payload: body });
  if (res.statusCode !== 201) throw new Error(`form not created: ${res.statusCode} ${res.body}`);
  return form;
}

export type Answers = Partial<
  Record<keyof TestForm['q'], Partial<Omit<AnswerInput, 'question_id'>> | string>
>;

/** Answers by question key: a string is the value. */
export function answers(form: TestForm, given: Answers): Partial<AnswerInput>[] {
  return Object.entries(given).map(([key, a]) => ({
    question_id: form.q[key as keyof TestForm['q']],
    ...(typeof a === 'string' ? { value: a } : a),
  }));
}

export interface SaveOptions {
  complete?: boolean;
  userId?: string | null;
  serviceId?: string | null;
  vehicleId?: string | null;
  licenseRequestId?: string | null;
  currentPage?: number;
  getLess?: boolean;
  saveAnswers?: boolean;
  connectionId?: string;
}

export function saveBody(form: TestForm, given: Answers, o: SaveOptions = {}) {
  return {
    response: {
      form_id: form.id,
      user_id: o.userId ?? null,
      service_id: o.serviceId ?? null,
      vehicle_id: o.vehicleId ?? null,
      license_request_id: o.licenseRequestId ?? null,
      current_page: o.currentPage ?? 0,
      complete: o.complete ?? false,
      questions: answers(form, given),
    },
    saveAnswers: o.saveAnswers ?? true,
    getLess: o.getLess ?? false,
    html: '<p>ignored</p>',
    ...(o.connectionId ? { connectionId: o.connectionId } : {}),
  };
}

/** POST fbresponses as the caller. */
export const createResponse = (
  t: TestContext,
  caller: Caller | null,
  form: TestForm,
  given: Answers,
  o?: SaveOptions,
) => t.call(caller, { method: 'POST', url: '/api/fbresponses', payload: saveBody(form, given, o) });

/** PUT fbresponses/{id} as the caller. */
export const updateResponse = (
  t: TestContext,
  caller: Caller | null,
  form: TestForm,
  id: string,
  given: Answers,
  o?: SaveOptions,
) => t.call(caller, { method: 'PUT', url: `/api/fbresponses/${id}`, payload: saveBody(form, given, o) });

/** A response created as the caller, failing the test when it is not. */
export async function startResponse(
  t: TestContext,
  caller: Caller,
  form: TestForm,
  given: Answers = {},
  o?: SaveOptions,
): Promise<{ id: string; progress: number; user_id: string | null }> {
  const res = await createResponse(t, caller, form, given, o);
  if (res.statusCode !== 201) throw new Error(`response not created: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Every answer a complete response needs, and a few more. */
export const fullAnswers = (form: TestForm, signature: string): Answers => ({
  name: 'Jane Q. Doe',
  dob: '1990-03-05',
  colour: form.options.blue,
  languages: `${form.options.fr},${form.options.en}`,
  hasVehicle: 'no',
  address: JSON.stringify({
    street: '12 Main Street',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
  }),
  agree: 'true',
  signature: { signature },
  notes: 'First line of notes\nSecond line of notes',
});
