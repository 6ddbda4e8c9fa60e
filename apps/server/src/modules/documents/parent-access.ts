import type { PermissionKey } from '@licensure/contracts';
import { type Db, documents, fbResponses, ipInspections, licenseRequests, type Tx } from '@licensure/db';
import { and, eq, inArray, isNotNull, isNull, not, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth/context';
import { type DocumentRow, presentDocument } from '../../platform/files/documents';
import {
  administers,
  administersSql,
  administersVehicleSql,
  currentServiceOfVehicle,
  speaksFor,
  speaksForSql,
} from '../../platform/permissions';

/**
 * A document inherits the access of the record it is attached to. Each kind of record gives the same
 * rule twice: `where`, a condition over `documents` for lists (true where the document is not attached
 * to such a record, or the caller may read that record), and `allows`, the check of one loaded document.
 * A document attached to several records needs all of them; one attached to none is about its person.
 */
export interface ParentRule {
  kind: string;
  where: SQL;
  allows(doc: DocumentRow): boolean | Promise<boolean>;
}

export interface AccessContext {
  db: Db | Tx;
  auth: AuthContext;
  enterpriseId: string;
}

const holds = (auth: AuthContext, keys: readonly PermissionKey[]) =>
  keys.some((k) => auth.permissions.has(k));
const objectIs = (d: Pick<DocumentRow, 'data_object'>, names: readonly string[]) =>
  d.data_object !== null && names.includes(d.data_object);

/** Data object names each kind is attached under (createDocumentObject's kinds and the modules' tables). */
const names = {
  complaint: ['complaint', 'complaints'],
  investigation: ['investigation', 'investigations'],
  inspection: ['inspection', 'ip_inspections'],
  exam: ['ex_sessions'],
  request: ['license_request', 'license_requests'],
  response: ['response', 'fb_responses'],
  service: ['service', 'services'],
  vehicle: ['vehicle', 'vehicles'],
  policy: ['policies'],
  person: ['user', 'users'],
} as const;

/** Attached under one of these data object names; false (never null) when there is no data object. */
const attachedAs = (list: readonly string[]) =>
  sql`coalesce(${inArray(documents.data_object, [...list])}, false)`;
/** The record's id: the document's own column for the kind, else the data object's id. */
const idOf = (d: DocumentRow, column: keyof DocumentRow, list: readonly string[]) =>
  (d[column] as string | null) ?? (objectIs(d, list) ? d.data_object_id : null);
const idSql = (column: SQLWrapper) => sql`coalesce(${column}, ${documents.data_object_id})`;

/** A kind whose records are read with a permission and by nobody else. */
function byPermission(
  kind: string,
  attached: SQL,
  isAttached: (d: DocumentRow) => boolean,
  keys: readonly PermissionKey[],
) {
  return ({ auth }: AccessContext): ParentRule => {
    const reads = holds(auth, keys);
    return {
      kind,
      where: reads ? sql`true` : not(attached),
      allows: (d) => reads || !isAttached(d),
    };
  };
}

const complaintAttached = or(isNotNull(documents.complaint_id), attachedAs(names.complaint)) as SQL;
const isComplaintDoc = (d: DocumentRow) => d.complaint_id !== null || objectIs(d, names.complaint);
/** Complaints (and their evidence) are read with complaints.read. */
export const complaintParent = byPermission('complaint', complaintAttached, isComplaintDoc, [
  'complaints.read',
]);

const isInvestigationDoc = (d: DocumentRow) => objectIs(d, names.investigation);
/** Confidential investigations: investigations.read, whether or not the complaint is readable. */
export const investigationParent = byPermission(
  'investigation',
  attachedAs(names.investigation),
  isInvestigationDoc,
  ['investigations.read'],
);

/**
 * Inspections: inspections.read, else a submitted, live inspection of a service the caller administers
 * (the inspection module's rule for service administrators, who answer deficiencies with documents).
 */
export function inspectionParent({ db, auth, enterpriseId }: AccessContext): ParentRule {
  const reads = holds(auth, ['inspections.read']);
  const attached = or(isNotNull(documents.inspection_id), attachedAs(names.inspection)) as SQL;
  const administered = sql`exists (select 1 from ${ipInspections} where ${ipInspections.id} = ${idSql(documents.inspection_id)}
    and ${ipInspections.submitted} and ${ipInspections.deleted_at} is null
    and ${administersSql(ipInspections.service_id, auth.userId)})`;
  return {
    kind: 'inspection',
    where: reads ? sql`true` : sql`(not ${attached} or ${administered})`,
    allows: async (d) => {
      const id = idOf(d, 'inspection_id', names.inspection);
      if (reads || !id) return true;
      const [row] = await db
        .select({ service_id: ipInspections.service_id })
        .from(ipInspections)
        .where(
          and(
            eq(ipInspections.id, id),
            eq(ipInspections.enterprise_id, enterpriseId),
            eq(ipInspections.submitted, true),
            isNull(ipInspections.deleted_at),
          ),
        );
      return !!row && (await administers(db, enterpriseId, auth.userId, row.service_id));
    },
  };
}

/** Exam sessions: exams.read. */
export const examSessionParent = byPermission(
  'exam session',
  attachedAs(names.exam),
  (d) => objectIs(d, names.exam),
  ['exams.read'],
);

/** Policies and protocols: policies.read (the public site serves published ones on its own route). */
export const policyParent = byPermission(
  'policy',
  attachedAs(names.policy),
  (d) => objectIs(d, names.policy),
  ['policies.read'],
);

/** Licence requests: requests.read, else those the caller speaks for (their own, their service's). */
export function licenceRequestParent({ db, auth, enterpriseId }: AccessContext): ParentRule {
  const reads = holds(auth, ['requests.read']);
  const request = sql`(select ${licenseRequests.id} from ${licenseRequests} where ${licenseRequests.id} = ${documents.data_object_id}
    and ${speaksForSql(
      {
        user_id: licenseRequests.user_id,
        service_id: licenseRequests.service_id,
        vehicle_id: licenseRequests.vehicle_id,
      },
      auth.userId,
    )})`;
  return {
    kind: 'licence request',
    where: reads ? sql`true` : sql`(not ${attachedAs(names.request)} or exists ${request})`,
    allows: async (d) => {
      if (reads || !objectIs(d, names.request)) return true;
      if (!d.data_object_id) return false;
      const [row] = await db
        .select({
          user_id: licenseRequests.user_id,
          service_id: licenseRequests.service_id,
          vehicle_id: licenseRequests.vehicle_id,
        })
        .from(licenseRequests)
        .where(
          and(eq(licenseRequests.id, d.data_object_id), eq(licenseRequests.enterprise_id, enterpriseId)),
        );
      return !!row && (await speaksFor(db, auth, enterpriseId, row));
    },
  };
}

/** Form responses: responses.read, else the caller's own (theirs, or started by them). */
export function responseParent({ db, auth }: AccessContext): ParentRule {
  const reads = holds(auth, ['responses.read']);
  const attached = or(isNotNull(documents.fb_response_id), attachedAs(names.response)) as SQL;
  const own = sql`exists (select 1 from ${fbResponses} where ${fbResponses.id} = ${idSql(documents.fb_response_id)}
    and (${fbResponses.user_id} = ${auth.userId} or ${fbResponses.created_by} = ${auth.userId}))`;
  return {
    kind: 'response',
    where: reads ? sql`true` : sql`(not ${attached} or ${own})`,
    allows: async (d) => {
      const id = idOf(d, 'fb_response_id', names.response);
      if (reads || !id) return true;
      const [row] = await db
        .select({ user_id: fbResponses.user_id, created_by: fbResponses.created_by })
        .from(fbResponses)
        .where(eq(fbResponses.id, id));
      return !!row && (row.user_id === auth.userId || row.created_by === auth.userId);
    },
  };
}

/** Services: registry.read, else the services the caller administers. */
export function serviceParent({ db, auth, enterpriseId }: AccessContext): ParentRule {
  const reads = holds(auth, ['registry.read']);
  const attached = or(isNotNull(documents.service_id), attachedAs(names.service)) as SQL;
  return {
    kind: 'service',
    where: reads
      ? sql`true`
      : sql`(not ${attached} or ${administersSql(idSql(documents.service_id), auth.userId)})`,
    allows: async (d) => {
      const id = idOf(d, 'service_id', names.service);
      return reads || !id || administers(db, enterpriseId, auth.userId, id);
    },
  };
}

/** Vehicles: registry.read, else the vehicles of services the caller administers. */
export function vehicleParent({ db, auth, enterpriseId }: AccessContext): ParentRule {
  const reads = holds(auth, ['registry.read']);
  const attached = or(isNotNull(documents.vehicle_id), attachedAs(names.vehicle)) as SQL;
  return {
    kind: 'vehicle',
    where: reads
      ? sql`true`
      : sql`(not ${attached} or ${administersVehicleSql(idSql(documents.vehicle_id), auth.userId)})`,
    allows: async (d) => {
      const id = idOf(d, 'vehicle_id', names.vehicle);
      if (reads || !id) return true;
      const service = await currentServiceOfVehicle(db, id);
      return service !== null && (await administers(db, enterpriseId, auth.userId, service));
    },
  };
}

const recordKinds = [
  complaintParent,
  investigationParent,
  inspectionParent,
  examSessionParent,
  policyParent,
  licenceRequestParent,
  responseParent,
  serviceParent,
  vehicleParent,
];

/** Attached to a record of any kind other than a person. */
const anyRecordSql = sql`(${documents.complaint_id} is not null or ${documents.inspection_id} is not null
  or ${documents.fb_response_id} is not null or ${documents.service_id} is not null
  or ${documents.vehicle_id} is not null
  or (${documents.data_object} is not null and ${documents.data_object} not in ('user', 'users')))`;
const anyRecord = (d: DocumentRow) =>
  d.complaint_id !== null ||
  d.inspection_id !== null ||
  d.fb_response_id !== null ||
  d.service_id !== null ||
  d.vehicle_id !== null ||
  (d.data_object !== null && !objectIs(d, names.person));

/**
 * People: users.read, else the person themself. Applies to a document attached to a person
 * (createDocumentObject user), and to one attached to no other record (then it is about user_id).
 */
export function personParent({ auth }: AccessContext): ParentRule {
  const reads = holds(auth, ['users.read']);
  const person = sql`(case when ${attachedAs(names.person)} then ${documents.data_object_id} else ${documents.user_id} end)`;
  const applies = sql`(${attachedAs(names.person)} or (not ${anyRecordSql} and ${documents.user_id} is not null))`;
  return {
    kind: 'person',
    where: reads ? sql`true` : sql`(not ${applies} or ${person} = ${auth.userId})`,
    allows: (d) => {
      if (reads) return true;
      if (objectIs(d, names.person)) return d.data_object_id === auth.userId;
      return anyRecord(d) || d.user_id === null || d.user_id === auth.userId;
    },
  };
}

/** Files of the public complaint form waiting for screening are served by no document route. */
export const screenedSql = sql`${documents.screening} is distinct from 'pending'`;
export const isScreened = (d: Pick<DocumentRow, 'screening'>) => d.screening !== 'pending';

const rulesOf = (ctx: AccessContext) => [...recordKinds.map((k) => k(ctx)), personParent(ctx)];

/** The list condition: every record the document is attached to is readable, and it was screened. */
export function readableRecordsSql(ctx: AccessContext): SQL {
  return and(screenedSql, ...rulesOf(ctx).map((r) => r.where)) as SQL;
}

/** The same rule for one document. */
export async function recordsAllow(ctx: AccessContext, doc: DocumentRow): Promise<boolean> {
  if (!isScreened(doc)) return false;
  for (const rule of rulesOf(ctx)) if (!(await rule.allows(doc))) return false;
  return true;
}

/**
 * The uploader of a complaint's or an investigation's document is as confidential as the complainant:
 * shown only to those who read complaints (and so the complainant).
 */
export const hidesUploader = (auth: AuthContext, d: DocumentRow) =>
  (isComplaintDoc(d) || isInvestigationDoc(d)) && !auth.permissions.has('complaints.read');

/** A document as the API presents it to this caller (the uploader hidden where hidesUploader says). */
export function presentDocumentFor(auth: AuthContext, d: DocumentRow) {
  const out = presentDocument(d);
  return hidesUploader(auth, d) ? { ...out, uploaded_by: null } : out;
}
