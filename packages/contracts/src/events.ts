import { z } from 'zod';

/**
 * The catalogue of domain events: every event the platform records in its outbox is declared here once,
 * with the entity of its object, the schema of its payload and what it means. Emitters name an event by
 * its symbol (`Events.requestApproved`, `resourceEvent('services', 'created')`, `requestHistoryEvents`),
 * never by a string: `recordEvent` takes only catalogued names. The trigger engine validates each
 * payload against its schema, and the triggers staff configure (seeded per enterprise, listed in the
 * trigger editor) are the events marked `trigger` here. `events.test.ts` (server) checks that every
 * catalogued event has an emitter, that no emitter names another, and that every seeded trigger listens
 * to an event something emits.
 */

/** Every payload may say which trigger firing caused the event: no trigger fires on it again. */
const payload = <S extends z.ZodRawShape>(shape: S) =>
  z.object({ viaTrigger: z.uuid().optional(), ...shape });
const uuid = z.uuid();
/** A value read from an untyped row (a resource hook's `Row`): checked when the payload is consumed. */
const rowId = z.unknown().pipe(z.uuid().nullable());
const rowText = z.unknown().pipe(z.string().nullable());
const none = payload({});

export interface EventDefinition {
  /** What happened, dotted: `request.approved`. */
  name: string;
  /** The table of the object the event is about (its `objectId`). */
  entity: string;
  payload: z.ZodObject;
  /** What it means, for people configuring automation. */
  means: string;
  /** Offered to trigger configurations under this name (seeded for every enterprise); null: not offered. */
  trigger?: string | null;
}

const event = <const N extends string, const E extends string, P extends z.ZodObject>(
  name: N,
  entity: E,
  schema: P,
  means: string,
  trigger: string | null = null,
) => ({ name, entity, payload: schema, means, trigger });

/** What a licence request's history entry records (ids only: notes and messages stay in the history). */
export const requestHistoryPayload = payload({
  kind: z.string(),
  historyId: uuid.nullable().optional(),
  license_request_status_id: uuid.nullable().optional(),
  process_id: uuid.nullable().optional(),
  process_status_id: uuid.nullable().optional(),
  manual_trigger: z.string().nullable().optional(),
  link_trigger: z.string().nullable().optional(),
  internal: z.boolean().optional(),
});
const history = <const N extends string>(name: N, means: string, trigger: string | null = null) =>
  event(name, 'license_requests', requestHistoryPayload, means, trigger);

const catalogue = {
  // Licence requests: each history entry is an event (request-store's history()).
  licenseRequestCreated: history(
    'licenseRequest.created',
    'A licence request was started.',
    'Request created',
  ),
  licenseRequestSubmitted: history(
    'licenseRequest.submitted',
    'The applicant submitted the request for review.',
    'Request submitted',
  ),
  licenseRequestStatusChanged: history(
    'licenseRequest.statusChanged',
    'Staff (or a trigger) set the request’s status.',
    'Request status changed',
  ),
  licenseRequestProcessChanged: history(
    'licenseRequest.processChanged',
    'A process step of the request changed status; it may name a manual and a link trigger to fire.',
    'Process status changed',
  ),
  licenseRequestNote: history('licenseRequest.note', 'Staff added an internal note to the request.'),
  licenseRequestDeleted: history(
    'licenseRequest.deleted',
    'Staff deleted the request (kept, with a reason).',
  ),
  requestMessage: history('request.message', 'Staff sent the applicant a message about the request.'),
  requestApproved: history(
    'request.approved',
    'The reviewer approved the request; its credentials are issued.',
    'Request approved',
  ),
  requestDenied: history('request.denied', 'The reviewer denied the request.', 'Request denied'),
  requestReturned: history(
    'request.returned',
    'The reviewer returned the request to the applicant for corrections.',
    'Request returned for corrections',
  ),
  requestInfoRequested: history(
    'request.info_requested',
    'The reviewer asked the applicant for more information.',
    'More information requested',
  ),
  requestInfoAnswered: history(
    'request.info_answered',
    'The applicant answered the request for information.',
  ),
  requestWithdrawn: history('request.withdrawn', 'The applicant withdrew the request.'),
  requestAssigned: history('request.assigned', 'The request was checked out to (or released by) a reviewer.'),

  // Credentials.
  certificationIssued: event(
    'certification.issued',
    'certifications',
    payload({ licenseRequestId: uuid, number: z.string().nullable(), expirationDate: z.string().nullable() }),
    'A credential was issued by an approval.',
    'Credential issued',
  ),
  certificationStatusChanged: event(
    'certification.statusChanged',
    'certifications',
    payload({ certification_status_id: uuid.optional() }),
    'A credential’s status changed (a trigger action; staff edits are read from the change log).',
    'Credential status changed',
  ),
  certificationExpiring: event(
    'certification.expiring',
    'certifications',
    payload({ expirationDate: z.string(), days: z.number().int() }),
    'A credential expires in 60 days (recorded once a day).',
    'Credential expiring',
  ),

  // Forms, documents, people.
  formResponseCompleted: event(
    'formResponse.completed',
    'fb_responses',
    none,
    'A form response was completed (submitted).',
    'Form response completed',
  ),
  documentUploaded: event(
    'document.uploaded',
    'documents',
    none,
    'A document was uploaded.',
    'Document uploaded',
  ),
  userRegistered: event('user.registered', 'users', none, 'Someone created their portal account.'),

  // Complaints.
  complaintReceived: event(
    'complaint.received',
    'complaints',
    payload({ source: z.string().nullable().optional() }),
    'A complaint was received (public form, portal or staff).',
    'Complaint received',
  ),
  complaintStatusChanged: event(
    'complaint.statusChanged',
    'complaints',
    payload({
      from: rowId.optional(),
      to: rowId.optional(),
      investigation_id: rowId.optional(),
      investigation_status: rowText.optional(),
    }),
    'A complaint’s status changed (by staff, or by its investigation).',
    'Complaint status changed',
  ),

  // Exams.
  examCandidateRegistered: event(
    'examCandidate.registered',
    'license_requests',
    payload({ session_id: uuid, candidate_id: uuid }),
    'A request’s candidate registered for an exam session.',
    'Exam candidate registered',
  ),
  examResultRecorded: event(
    'examResult.recorded',
    'license_requests',
    payload({
      result_id: uuid,
      session_id: uuid,
      candidate_id: uuid,
      skill_id: uuid,
      passed: z.boolean(),
      outcome: z.string(),
    }),
    'An examiner recorded a candidate’s result for one skill.',
    'Exam result recorded',
  ),

  // Education.
  courseAttendeeStatusChanged: event(
    'courseAttendee.statusChanged',
    'course_attendees',
    payload({
      attendee_status_id: uuid,
      previous_status_id: uuid.nullable(),
      training_id: rowId,
      user_id: rowId,
    }),
    'A course attendee’s status was set or changed.',
  ),
  ceAuditRequested: event(
    'ceAudit.requested',
    'ce_audit_members',
    payload({ user_id: uuid, due_date: z.string().nullable() }),
    'A credential holder was drawn for a continuing-education audit.',
  ),
  ceAuditSubmitted: event(
    'ceAudit.submitted',
    'ce_audit_members',
    none,
    'An audited holder sent their proof.',
  ),
  ceAuditAccepted: event(
    'ceAudit.accepted',
    'ce_audit_members',
    payload({ complaint_id: uuid.nullable() }),
    'Staff accepted an audited holder’s proof.',
  ),
  ceAuditDeficient: event(
    'ceAudit.deficient',
    'ce_audit_members',
    payload({ complaint_id: uuid.nullable() }),
    'Staff found an audited holder deficient (a complaint may be opened).',
  ),

  // Inspections, payments, the public site.
  inspectionSubmitted: event(
    'inspection.submitted',
    'ip_inspections',
    payload({ outcome: rowText, visit_id: rowId }),
    'An inspector submitted an inspection with its outcome.',
  ),
  paymentSettled: event(
    'payment.settled',
    'transactions',
    payload({ amount_cents: z.number().int(), method: z.string(), license_request_ids: z.array(uuid) }),
    'A payment was settled for one or more requests.',
  ),
  paymentRefunded: event(
    'payment.refunded',
    'transactions',
    payload({ amount_cents: z.number().int(), refund_of_id: uuid, full: z.boolean() }),
    'A payment was refunded, in full or in part.',
  ),
  fireDrillReported: event(
    'fire_drills.reported',
    'fire_drills',
    payload({ school_id: uuid.nullable(), drill_date: z.string() }),
    'A school reported a fire drill on the public site.',
  ),
} as const;

type Catalogue = typeof catalogue;
export type EventSymbol = keyof Catalogue;

/** Events by symbol: the name emitters give `recordEvent`. */
export const Events = Object.fromEntries(Object.entries(catalogue).map(([k, v]) => [k, v.name])) as {
  readonly [K in EventSymbol]: Catalogue[K]['name'];
};

/**
 * Writes of declarative resources (the engine's `events: true`) and the hand-written writes that stand
 * for them, by entity: `${entity}.created|updated|deleted`. Only the actions something records.
 */
export const resourceEventActions = {
  certifications: ['created', 'updated', 'deleted'],
  complaints: ['created', 'updated', 'deleted'],
  investigations: ['created', 'updated', 'deleted'],
  services: ['created', 'updated', 'deleted'],
  vehicles: ['created', 'updated', 'deleted'],
  policies: ['created', 'updated', 'deleted'],
  fire_drills: ['created', 'updated', 'deleted'],
  ex_sessions: ['created', 'updated', 'deleted'],
  course_attendees: ['created', 'updated', 'deleted'],
  ip_visits: ['created', 'updated', 'deleted'],
  ip_inspections: ['created', 'updated', 'deleted'],
  trainings: ['deleted'],
} as const satisfies Record<string, readonly ('created' | 'updated' | 'deleted')[]>;
export type ResourceEventEntity = keyof typeof resourceEventActions;
export type ResourceAction = 'created' | 'updated' | 'deleted';
export type ResourceEventName = {
  [E in ResourceEventEntity]: `${E}.${(typeof resourceEventActions)[E][number]}`;
}[ResourceEventEntity];

/** Payloads of resource events: none, but a discipline's credential change says why. */
const certificationWritePayload = payload({
  investigation_id: rowId.optional(),
  outcome: rowText.optional(),
});
const resourcePayloads: Partial<Record<ResourceEventEntity, z.ZodObject>> = {
  certifications: certificationWritePayload,
};

/** The name of a resource's write event, checked against the catalogue by its types. */
export function resourceEvent<
  E extends ResourceEventEntity,
  A extends (typeof resourceEventActions)[E][number],
>(entity: E, action: A): `${E}.${A}` {
  return `${entity}.${action}`;
}

export type DomainEventName = Catalogue[EventSymbol]['name'] | ResourceEventName;

type DefinitionOf<N extends DomainEventName> = N extends Catalogue[EventSymbol]['name']
  ? Extract<Catalogue[EventSymbol], { name: N }>
  : N extends `${infer E extends ResourceEventEntity}.${string}`
    ? {
        name: N;
        entity: E;
        payload: E extends 'certifications' ? typeof certificationWritePayload : typeof none;
      }
    : never;
export type EventEntity<N extends DomainEventName> = DefinitionOf<N>['entity'];
export type EventPayload<N extends DomainEventName> = z.input<NonNullable<DefinitionOf<N>['payload']>>;

/** Every catalogued event, by name. */
export const eventCatalogue: ReadonlyMap<string, EventDefinition> = new Map<string, EventDefinition>([
  ...Object.values(catalogue).map((d): [string, EventDefinition] => [d.name, d]),
  ...Object.entries(resourceEventActions).flatMap(([entity, actions]) =>
    actions.map((action): [string, EventDefinition] => [
      `${entity}.${action}`,
      {
        name: `${entity}.${action}`,
        entity,
        payload: resourcePayloads[entity as ResourceEventEntity] ?? none,
        means: `A ${entity.replace(/_/g, ' ')} record was ${action}.`,
      },
    ]),
  ),
]);

export const isDomainEventName = (name: string): name is DomainEventName => eventCatalogue.has(name);

/** A licence request's history kinds and the event each records. */
export const requestHistoryEvents = {
  created: Events.licenseRequestCreated,
  submitted: Events.licenseRequestSubmitted,
  status: Events.licenseRequestStatusChanged,
  process: Events.licenseRequestProcessChanged,
  note: Events.licenseRequestNote,
  deleted: Events.licenseRequestDeleted,
  message: Events.requestMessage,
  issued: Events.requestApproved,
  denied: Events.requestDenied,
  returned: Events.requestReturned,
  info_requested: Events.requestInfoRequested,
  info_answered: Events.requestInfoAnswered,
  withdrawn: Events.requestWithdrawn,
  assigned: Events.requestAssigned,
} as const;

/** The events staff can configure triggers on: code, name and entity of each enterprise's trigger. */
export const triggerEvents: readonly {
  code: DomainEventName;
  name: string;
  entity: string;
  means: string;
}[] = Object.values(catalogue).flatMap((d) =>
  d.trigger === null ? [] : [{ code: d.name, name: d.trigger, entity: d.entity, means: d.means }],
);

/** What an event means, for the trigger editor (undefined for names outside the catalogue). */
export const eventMeaning = (code: string): string | undefined => eventCatalogue.get(code)?.means;
