import type { MergeObjectRef } from '@licensure/contracts';
import {
  certifications,
  type Db,
  enterprises,
  licenseRequests,
  licenses,
  referenceTables,
  services,
  serviceVehicles,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';
import { examSessionValues } from './exam-values';
import { fieldLabels, objectLabels } from './merge-catalog';

type Values = Map<string, string>;
type Reader = Db | Tx;

const text = (v: unknown) =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);

function put(values: Values, group: keyof typeof fieldLabels, row: Record<string, unknown>) {
  for (const name of Object.keys(fieldLabels[group]))
    if (name in row) values.set(`${group}.${name}`, text(row[name]));
}

async function person(tx: Reader, enterpriseId: string, id: string, values: Values) {
  const [u] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.enterprise_id, enterpriseId), isNull(users.deleted_at)));
  if (!u) return false;
  put(values, 'person', {
    ...u,
    full_name: [u.first_name, u.middle_name, u.last_name, u.suffix].filter(Boolean).join(' '),
  });
  return true;
}

async function service(tx: Reader, enterpriseId: string, id: string, values: Values) {
  const [s] = await tx
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.enterprise_id, enterpriseId), isNull(services.deleted_at)));
  if (!s) return false;
  put(values, 'service', s);
  return true;
}

async function vehicle(tx: Reader, enterpriseId: string, id: string, values: Values) {
  const [v] = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.enterprise_id, enterpriseId), isNull(vehicles.deleted_at)));
  if (!v) return false;
  put(values, 'vehicle', v);
  const [link] = await tx
    .select({ service_id: serviceVehicles.service_id })
    .from(serviceVehicles)
    .where(eq(serviceVehicles.vehicle_id, id))
    .limit(1);
  if (link) await service(tx, enterpriseId, link.service_id, values);
  return true;
}

type Holder = { user_id: string | null; service_id: string | null; vehicle_id: string | null };
async function holder(tx: Reader, enterpriseId: string, h: Holder, values: Values) {
  if (h.user_id) await person(tx, enterpriseId, h.user_id, values);
  if (h.service_id) await service(tx, enterpriseId, h.service_id, values);
  if (h.vehicle_id) await vehicle(tx, enterpriseId, h.vehicle_id, values);
}

async function request(tx: Reader, enterpriseId: string, id: string, values: Values) {
  const status = referenceTables.license_request_statuses;
  const [r] = await tx
    .select({
      user_id: licenseRequests.user_id,
      service_id: licenseRequests.service_id,
      vehicle_id: licenseRequests.vehicle_id,
      license_name: licenses.name,
      status: status.label,
      started_on: licenseRequests.created_at,
      submitted_on: licenseRequests.completed_on,
    })
    .from(licenseRequests)
    .leftJoin(licenses, eq(licenses.id, licenseRequests.license_id))
    .leftJoin(status, eq(status.id, licenseRequests.status_id))
    .where(
      and(
        eq(licenseRequests.id, id),
        eq(licenseRequests.enterprise_id, enterpriseId),
        isNull(licenseRequests.deleted_at),
      ),
    );
  if (!r) return false;
  put(values, 'request', r);
  const exam = await examSessionValues(tx, enterpriseId, id);
  if (exam) put(values, 'exam', exam);
  await holder(tx, enterpriseId, r, values);
  return true;
}

async function certification(tx: Reader, enterpriseId: string, id: string, values: Values) {
  const level = referenceTables.license_category_levels;
  const [c] = await tx
    .select({
      user_id: certifications.user_id,
      service_id: certifications.service_id,
      vehicle_id: certifications.vehicle_id,
      number: certifications.number,
      status: certifications.status,
      issue_date: certifications.issue_date,
      expiration_date: certifications.expiration_date,
      license_name: licenses.name,
      level: level.label,
    })
    .from(certifications)
    .leftJoin(licenses, eq(licenses.id, certifications.license_id))
    .leftJoin(level, eq(level.id, certifications.license_category_level_id))
    .where(
      and(
        eq(certifications.id, id),
        eq(certifications.enterprise_id, enterpriseId),
        isNull(certifications.deleted_at),
      ),
    );
  if (!c) return false;
  put(values, 'certification', c);
  await holder(tx, enterpriseId, c, values);
  return true;
}

const loaders = { person, service, vehicle, request, certification };

/**
 * Every merge field's value for one real record of the enterprise (its own fields, its holder's, the
 * enterprise's and today's date), or a 404 naming the kind of record.
 */
export async function loadMergeValues(
  tx: Reader,
  enterpriseId: string,
  object: MergeObjectRef,
  today = new Date(),
): Promise<Values> {
  const values: Values = new Map();
  if (!(await loaders[object.kind](tx, enterpriseId, object.id, values)))
    throw notFound(objectLabels[object.kind].toLowerCase());
  const [e] = await tx.select().from(enterprises).where(eq(enterprises.id, enterpriseId));
  if (e) put(values, 'enterprise', e);
  values.set(
    'date.today',
    today.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
  );
  return values;
}
