import type { MergeObjectRef } from '@licensure/contracts';
import {
  certifications,
  licenseRequests,
  servicePersonnel,
  serviceVehicles,
  type Tx,
  users,
} from '@licensure/db';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { notEndedEntry } from '../../platform/permissions/roster';
import { contactGroupsOfObject } from '../merge/merge-catalog';

export interface Recipient {
  userId: string | null;
  address: string;
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** People of the enterprise with an email, by id. */
async function people(tx: Tx, enterpriseId: string, ids: string[]): Promise<Recipient[]> {
  const rows: { id: string; email: string | null }[] = [];
  // Chunks keep each statement under PostgreSQL's 65535 parameters.
  for (let i = 0; i < ids.length; i += 10_000)
    rows.push(
      ...(await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            inArray(users.id, ids.slice(i, i + 10_000)),
            eq(users.enterprise_id, enterpriseId),
            isNull(users.deleted_at),
            isNotNull(users.email),
          ),
        )),
    );
  return rows.filter((r) => r.email?.trim()).map((r) => ({ userId: r.id, address: r.email!.trim() }));
}

/** Administrators (or everyone) currently on a service's roster. */
async function roster(tx: Tx, serviceId: string, adminsOnly: boolean): Promise<string[]> {
  const rows = await tx
    .select({ user_id: servicePersonnel.user_id })
    .from(servicePersonnel)
    .where(
      and(
        eq(servicePersonnel.service_id, serviceId),
        adminsOnly ? eq(servicePersonnel.is_administrator, true) : undefined,
        notEndedEntry(),
      ),
    );
  return rows.map((r) => r.user_id);
}

async function holderPeople(
  tx: Tx,
  h: { user_id: string | null; service_id: string | null; vehicle_id: string | null } | undefined,
) {
  if (!h) return [];
  if (h.user_id) return [h.user_id];
  if (h.service_id) return roster(tx, h.service_id, true);
  if (h.vehicle_id) return vehicleAdmins(tx, h.vehicle_id);
  return [];
}

async function vehicleAdmins(tx: Tx, vehicleId: string) {
  const links = await tx
    .select({ service_id: serviceVehicles.service_id })
    .from(serviceVehicles)
    .where(eq(serviceVehicles.vehicle_id, vehicleId));
  return (await Promise.all(links.map((l) => roster(tx, l.service_id, true)))).flat();
}

/** The people of one contact group of the merged record. */
async function groupPeople(tx: Tx, enterpriseId: string, group: string, object: MergeObjectRef) {
  switch (group) {
    case 'person':
      return [object.id];
    case 'service_administrators':
      return roster(tx, object.id, true);
    case 'service_roster':
      return roster(tx, object.id, false);
    case 'vehicle_service_administrators':
      return vehicleAdmins(tx, object.id);
    case 'applicant': {
      const [r] = await tx
        .select()
        .from(licenseRequests)
        .where(and(eq(licenseRequests.id, object.id), eq(licenseRequests.enterprise_id, enterpriseId)));
      return holderPeople(tx, r);
    }
    case 'holder': {
      const [c] = await tx
        .select()
        .from(certifications)
        .where(and(eq(certifications.id, object.id), eq(certifications.enterprise_id, enterpriseId)));
      return holderPeople(tx, c);
    }
    default:
      return [];
  }
}

/**
 * The addresses of a send: people named by id (their email), plain addresses, and the people of the
 * contact groups of the merged record; once each (by address), people without an email left out.
 */
export async function resolveRecipients(
  tx: Tx,
  enterpriseId: string,
  to: readonly string[],
  contactGroups: readonly string[],
  object: MergeObjectRef | undefined,
): Promise<Recipient[]> {
  const ids = to.filter(isUuid);
  const addresses = to.filter((t) => !isUuid(t));
  if (contactGroups.length > 0) {
    if (!object)
      throw badRequest({ contactGroups: 'Contact groups need the record they belong to (mergeEntityID).' });
    const known = new Set(contactGroupsOfObject[object.kind].map((g) => g.key));
    const unknown = contactGroups.find((g) => !known.has(g));
    if (unknown)
      throw badRequest({
        contactGroups: `${unknown} is not a contact group of a ${object.kind}: use ${[...known].join(', ')}.`,
      });
    for (const g of contactGroups) ids.push(...(await groupPeople(tx, enterpriseId, g, object)));
  }
  const seen = new Set<string>();
  const out: Recipient[] = [];
  for (const r of [
    ...(await people(tx, enterpriseId, [...new Set(ids)])),
    ...addresses.map((a) => ({ userId: null, address: a })),
  ]) {
    const key = r.address.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(r);
  }
  return out;
}
