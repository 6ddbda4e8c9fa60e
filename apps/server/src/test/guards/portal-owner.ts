// Portal user A and the records A owns, each carrying a private marker, for the cross-user guard.
import { randomUUID } from 'node:crypto';
import {
  certifications,
  dataChangeLog,
  documents,
  fbAnswers,
  fbResponses,
  licenseRequests,
  servicePersonnel,
  services,
  serviceVehicles,
  users,
  vehicles,
} from '@licensure/db';
import { eq } from 'drizzle-orm';
import { createServiceAdministrator, PNG, uploadFile } from '../../modules/documents/test-fixtures';
import { fixtures } from '../../modules/registry/test-fixtures';
import { buildForm, startResponse } from '../../modules/responses/test-fixtures';
import type { Caller, TestContext } from '../test-app';

export type IdKind = 'user' | 'service' | 'vehicle' | 'certification' | 'response' | 'document' | 'request';

export interface PortalOwner {
  caller: Caller;
  ids: Record<IdKind, string>;
  /** Strings found only in A's records: B must never be shown one. */
  markers: string[];
}

/** Which of A's ids a field or parameter named so most likely takes (`user_id`, `documentIds`...). */
export function kindOfName(name: string): IdKind | undefined {
  const n = name.toLowerCase();
  if (/request/.test(n)) return 'request';
  if (/response/.test(n)) return 'response';
  if (/document/.test(n)) return 'document';
  if (/certification|credential/.test(n)) return 'certification';
  if (/vehicle/.test(n)) return 'vehicle';
  if (/service|agency/.test(n)) return 'service';
  if (/user|person|applicant/.test(n)) return 'user';
  return undefined;
}

export async function createPortalOwner(t: TestContext): Promise<PortalOwner> {
  const tag = randomUUID().slice(0, 8);
  const m = {
    name: `Zyxwarden${tag}`,
    email: `owner-${tag}@private-marker.test`,
    service: `Svcmarker ${tag} Ambulance`,
    serial: `VINMARK${tag}`,
    licence: `LICMARK-${tag}`,
    answer: `Answermark ${tag}`,
    file: `docmark-${tag}.png`,
  };
  const f = fixtures(t);
  const service = await f.service({ name: m.service });
  const caller = await createServiceAdministrator(t, service.id);
  await t.database.db
    .update(users)
    .set({ last_name: m.name, email: m.email })
    .where(eq(users.id, caller.userId));
  const vehicle = await f.vehicle({ serial_number: m.serial }, service.id);
  const certification = await f.certification({ user_id: caller.userId, number: m.licence });

  const form = await buildForm(t);
  const response = await startResponse(t, caller, form, { name: m.answer }, { userId: caller.userId });
  const document = await uploadFile(t, caller, { name: m.file, content: PNG });

  const licence = await t.call(t.admin, {
    method: 'POST',
    url: '/api/licenses',
    payload: {
      license: { name: `Personnel licence ${tag}`, entity: 'user' },
      license_request_statuses: [{ label: 'In progress', code: 'in_progress', sort_order: 1 }],
    },
  });
  if (licence.statusCode !== 200) throw new Error(`licence: ${licence.statusCode} ${licence.body}`);
  const request = await t.call(caller, {
    method: 'POST',
    url: '/api/LicenseRequests',
    payload: { license_request: { license_id: licence.json().id } },
  });
  if (request.statusCode >= 300) throw new Error(`request: ${request.statusCode} ${request.body}`);

  return {
    caller,
    ids: {
      user: caller.userId,
      service: service.id,
      vehicle: vehicle.id,
      certification: certification.id,
      response: response.id,
      document,
      request: request.json().id as string,
    },
    markers: Object.values(m),
  };
}

/** A's rows, as they are now: compared before and after B's attempts. */
export async function snapshotOf(t: TestContext, a: PortalOwner) {
  const db = t.database.db;
  const { ids } = a;
  return {
    user: await db.select().from(users).where(eq(users.id, ids.user)),
    service: await db.select().from(services).where(eq(services.id, ids.service)),
    roster: await db.select().from(servicePersonnel).where(eq(servicePersonnel.service_id, ids.service)),
    vehicle: await db.select().from(vehicles).where(eq(vehicles.id, ids.vehicle)),
    fleet: await db.select().from(serviceVehicles).where(eq(serviceVehicles.service_id, ids.service)),
    certification: await db.select().from(certifications).where(eq(certifications.id, ids.certification)),
    response: await db.select().from(fbResponses).where(eq(fbResponses.id, ids.response)),
    answers: await db.select().from(fbAnswers).where(eq(fbAnswers.response_id, ids.response)),
    document: await db.select().from(documents).where(eq(documents.id, ids.document)),
    request: await db.select().from(licenseRequests).where(eq(licenseRequests.id, ids.request)),
  };
}

/** Changes recorded as made by `userId` about one of A's records, or naming one of A's ids. */
export async function changesBy(t: TestContext, userId: string, a: PortalOwner): Promise<string[]> {
  const ids = Object.values(a.ids);
  const rows = await t.database.db.select().from(dataChangeLog).where(eq(dataChangeLog.user_id, userId));
  return rows
    .filter((r) => ids.includes(r.object_id) || ids.some((id) => JSON.stringify(r.after ?? {}).includes(id)))
    .map((r) => `${r.action} ${r.entity} ${r.object_id}`);
}
