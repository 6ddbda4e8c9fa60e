import { referenceListByKey, referenceLists } from '@licensure/contracts';
import {
  certifications,
  documents,
  fbForms,
  fbResponses,
  licenseRequests,
  licenses,
  processes,
  referenceTables,
  securityTemplates,
  services,
  type Tx,
  users,
  vehicles,
} from '@licensure/db';
import { and, eq, getTableColumns, inArray, isNull } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/errors';
import type { RefTarget, Row } from './types';

/** Records that are not reference lists, by the names fields use in `ref`. */
const recordTables: Record<string, RefTarget> = {
  licenses: { table: licenses, what: 'licence' },
  licenserequests: { table: licenseRequests, what: 'licence request' },
  fbforms: { table: fbForms, what: 'form' },
  fbresponses: { table: fbResponses, what: 'form response' },
  process: { table: processes, what: 'process' },
  security_templates: { table: securityTemplates, what: 'security template' },
  users: { table: users, what: 'person' },
  services: { table: services, what: 'service' },
  vehicles: { table: vehicles, what: 'vehicle' },
  certifications: { table: certifications, what: 'credential' },
  documents: { table: documents, what: 'document' },
};

/** The table a FieldSpec `ref` names: a reference list by key or path, or a record table. */
export function refTarget(name: string): RefTarget {
  const lower = name.toLowerCase();
  const spec = referenceListByKey.get(name) ?? referenceLists.find((s) => s.path.toLowerCase() === lower);
  if (spec)
    return {
      name: spec.key,
      table: referenceTables[spec.key as keyof typeof referenceTables],
      what: spec.singular,
    };
  const target = recordTables[lower];
  if (!target) throw new Error(`ref '${name}' names no known table`);
  return { name: lower, ...target };
}

/**
 * Every reference in the values names a live record of the enterprise: 400 naming the field
 * otherwise. A list of ids (a `uuids` field) is checked id by id.
 */
export async function checkReferences(
  tx: Tx,
  enterpriseId: string,
  refs: Record<string, RefTarget>,
  values: Row,
): Promise<void> {
  for (const [field, target] of Object.entries(refs)) {
    const raw = values[field];
    if (raw === undefined || raw === null) continue;
    const ids = [...new Set((Array.isArray(raw) ? raw : [raw]).map(String))];
    if (ids.length === 0) continue;
    const found = await liveIds(tx, enterpriseId, target.table, ids);
    const missing = ids.find((id) => !found.has(id.toLowerCase()));
    if (missing) throw badRequest({ [field]: `There is no ${target.what} ${missing}.` });
  }
}

async function liveIds(tx: Tx, enterpriseId: string, table: PgTable, ids: string[]): Promise<Set<string>> {
  const c = getTableColumns(table) as Record<string, PgColumn>;
  const rows = await tx
    .select({ id: c.id as PgColumn })
    .from(table)
    .where(
      and(
        inArray(c.id as PgColumn, ids),
        c.enterprise_id ? eq(c.enterprise_id, enterpriseId) : undefined,
        c.deleted_at ? isNull(c.deleted_at) : undefined,
      ),
    );
  return new Set(rows.map((r) => String(r.id).toLowerCase()));
}
