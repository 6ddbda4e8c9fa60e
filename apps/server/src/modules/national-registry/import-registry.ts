import type { RegistryCertification } from '@licensure/contracts';
import { type Db, dataChangeLog, nationalRegistryIntegrationData, users } from '@licensure/db';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/audit/record-change';
import { parseDate } from '../clinicians/check-rows';
import type { CellValue } from '../clinicians/read-roster';
import type { RegistryLine } from './read-registry-export';

export interface RowError {
  row: number;
  field: string;
  message: string;
}
export type RegistryImportOutcome =
  | { ok: true; result: { rows: number; linked: number; unknown_numbers: number } }
  | { ok: false; message: string; rows: RowError[] };

const text = (v: CellValue | undefined): string =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();

const chunks = <T>(items: T[], size = 500): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Checks every row of the export; nothing is written unless every row is accepted. */
export function checkRegistryRows(lines: RegistryLine[]): {
  errors: RowError[];
  rows: RegistryCertification[];
} {
  const errors: RowError[] = [];
  const rows: RegistryCertification[] = [];
  const seen = new Map<string, number>();
  for (const { row, values } of lines) {
    const before = errors.length;
    const fail = (field: string, message: string) => errors.push({ row, field, message });
    const number = text(values.registry_number).toUpperCase();
    const first = text(values.first_name);
    const last = text(values.last_name);
    const level = text(values.level);
    const status = text(values.status) || 'Active';
    const expiration = parseDate(values.expiration_date);
    if (!number) fail('registry_number', 'Registry number is required.');
    else if (!/^[A-Z0-9-]{1,30}$/.test(number))
      fail('registry_number', 'Registry number may hold only letters, digits and "-" (at most 30).');
    if (!last) fail('last_name', 'Last name is required.');
    else if (last.length > 100) fail('last_name', 'Last name is longer than 100 characters.');
    if (!first) fail('first_name', 'First name is required.');
    else if (first.length > 100) fail('first_name', 'First name is longer than 100 characters.');
    if (!level) fail('level', 'Certification level is required.');
    else if (level.length > 60) fail('level', 'Certification level is longer than 60 characters.');
    if (expiration === undefined || expiration === null)
      fail('expiration_date', 'Expiration date is not a date (YYYY-MM-DD or M/D/YYYY).');
    if (status.length > 40) fail('status', 'Status is longer than 40 characters.');
    const earlier = number ? seen.get(number) : undefined;
    if (earlier !== undefined)
      fail('registry_number', `Row ${row} repeats the registry number of row ${earlier}.`);
    else if (number) seen.set(number, row);
    if (errors.length === before && expiration)
      rows.push({
        source: 'registry_export',
        registry_number: number,
        first_name: first,
        last_name: last,
        level,
        expiration_date: expiration,
        status,
      });
  }
  return { errors, rows };
}

/**
 * Imports the checked rows in one transaction: each becomes a NationalRegistryIntegrationData record,
 * linked to the person of the enterprise whose National EMS ID is its registry number (when exactly one).
 */
export async function importRegistryRows(
  db: Db,
  actor: Actor,
  lines: RegistryLine[],
): Promise<RegistryImportOutcome> {
  const { errors, rows } = checkRegistryRows(lines);
  if (errors.length) {
    const bad = new Set(errors.map((e) => e.row)).size;
    return {
      ok: false,
      message: `${bad} of ${lines.length} rows were rejected; nothing was imported. Correct the file and import it again.`,
      rows: errors,
    };
  }
  return db.transaction(async (tx) => {
    const owner = new Map<string, string[]>();
    for (const part of chunks(
      rows.map((r) => r.registry_number),
      1000,
    )) {
      const found = await tx
        .select({ id: users.id, n: sql<string>`upper(${users.national_ems_id})` })
        .from(users)
        .where(
          and(
            sql`${users.enterprise_id} = ${actor.enterpriseId}`,
            isNull(users.deleted_at),
            inArray(sql`upper(${users.national_ems_id})`, part),
          ),
        );
      for (const p of found) owner.set(p.n, [...(owner.get(p.n) ?? []), p.id]);
    }
    let linked = 0;
    for (const part of chunks(rows)) {
      const values = part.map((r) => {
        const people = owner.get(r.registry_number) ?? [];
        const userId = people.length === 1 ? (people[0] ?? null) : null;
        if (userId) linked++;
        return {
          enterprise_id: actor.enterpriseId,
          user_id: userId,
          national_ems_id: r.registry_number,
          payload: r,
        };
      });
      const inserted = await tx.insert(nationalRegistryIntegrationData).values(values).returning();
      await tx.insert(dataChangeLog).values(
        inserted.map((r) => ({
          enterprise_id: actor.enterpriseId,
          user_id: actor.userId,
          entity: 'national_registry_integration_data',
          object_id: r.id,
          action: 'create' as const,
          after: { user_id: r.user_id, national_ems_id: r.national_ems_id, payload: r.payload },
        })),
      );
    }
    return { ok: true, result: { rows: rows.length, linked, unknown_numbers: rows.length - linked } };
  });
}
