import type { RosterRowError } from '@licensure/contracts';
import { type Db, positions, users } from '@licensure/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CellValue, RosterLine } from './read-roster';

export interface NewPerson {
  key: string;
  last_name: string;
  first_name: string;
  email: string | null;
  birth_date: string | null;
  national_ems_id: string | null;
}

/** What one accepted row will write. */
export interface PlannedRow {
  row: number;
  person: { userId: string } | { newKey: string };
  positionId: string;
  startDate: string | null;
  /** null when the cell was blank: an existing entry keeps its flag, a new one is not designated. */
  designated: boolean | null;
}

export interface CheckOutcome {
  errors: RosterRowError[];
  planned: PlannedRow[];
  newPeople: Map<string, NewPerson>;
  matchedPeople: Set<string>;
}

const emailSchema = z.email();
const text = (v: CellValue | undefined): string =>
  v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim();

/** A date cell, an Excel serial number, YYYY-MM-DD or M/D/YYYY as YYYY-MM-DD; undefined when invalid. */
export function parseDate(v: CellValue | undefined): string | null | undefined {
  if (v === null || v === undefined || v === '') return null;
  let d: Date | undefined;
  if (v instanceof Date) d = v;
  else if (typeof v === 'number' && v > 0 && v < 2958466)
    d = new Date(Date.UTC(1899, 11, 30) + v * 86_400_000);
  else if (typeof v === 'string') {
    const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(v);
    const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(v);
    const [y, m, day] = iso ? [iso[1], iso[2], iso[3]] : us ? [us[3], us[1], us[2]] : [];
    if (y && m && day) {
      d = new Date(Date.UTC(Number(y), Number(m) - 1, Number(day)));
      if (d.getUTCMonth() !== Number(m) - 1 || d.getUTCDate() !== Number(day)) return undefined;
    }
  }
  if (!d || Number.isNaN(d.getTime())) return undefined;
  const s = d.toISOString().slice(0, 10);
  return s >= '1900-01-01' && s <= '2199-12-31' ? s : undefined;
}

const yes = new Set(['yes', 'y', 'true', '1', 'x']);
const no = new Set(['no', 'n', 'false', '0', '']);
function parseFlag(v: CellValue | undefined): boolean | null | undefined {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v;
  const s = text(v).toLowerCase();
  if (s === '') return null;
  if (yes.has(s)) return true;
  if (no.has(s)) return false;
  return undefined;
}

const chunks = <T>(items: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/**
 * Checks every row (required fields, formats, position, duplicates, who the person is) without
 * writing anything. `onProgress` is told how many rows were checked.
 */
export async function checkRows(
  db: Db,
  enterpriseId: string,
  lines: RosterLine[],
  onProgress: (checked: number) => void,
): Promise<CheckOutcome> {
  const errors: RosterRowError[] = [];
  const fail = (row: number, field: string, message: string) => errors.push({ row, field, message });

  const positionRows = await db
    .select({ id: positions.id, label: positions.label })
    .from(positions)
    .where(eq(positions.enterprise_id, enterpriseId));
  const positionByLabel = new Map(
    positionRows.map((p) => [String(p.label).trim().toLowerCase(), p.id as string]),
  );

  const emsIds = new Set<string>();
  const emails = new Set<string>();
  for (const { values } of lines) {
    const ems = text(values.national_ems_id).toUpperCase();
    const email = text(values.email).toLowerCase();
    if (ems) emsIds.add(ems);
    if (email) emails.add(email);
  }
  type Person = { id: string; national_ems_id: string | null; email: string | null };
  const byEms = new Map<string, Person[]>();
  const byEmail = new Map<string, Person[]>();
  const cols = { id: users.id, national_ems_id: users.national_ems_id, email: users.email };
  const live = and(eq(users.enterprise_id, enterpriseId), isNull(users.deleted_at));
  for (const part of chunks([...emsIds])) {
    const found = await db
      .select(cols)
      .from(users)
      .where(and(live, inArray(sql`upper(${users.national_ems_id})`, part)));
    for (const p of found)
      byEms.set(p.national_ems_id?.toUpperCase() ?? '', [
        ...(byEms.get(p.national_ems_id?.toUpperCase() ?? '') ?? []),
        p,
      ]);
  }
  for (const part of chunks([...emails])) {
    const found = await db
      .select(cols)
      .from(users)
      .where(and(live, inArray(sql`lower(${users.email})`, part)));
    for (const p of found)
      byEmail.set(p.email?.toLowerCase() ?? '', [...(byEmail.get(p.email?.toLowerCase() ?? '') ?? []), p]);
  }

  const planned: PlannedRow[] = [];
  const newPeople = new Map<string, NewPerson>();
  const matchedPeople = new Set<string>();
  const seen = new Map<string, number>();
  let checked = 0;

  for (const { row, values } of lines) {
    const before = errors.length;
    const last = text(values.last_name);
    const first = text(values.first_name);
    const email = text(values.email).toLowerCase();
    const ems = text(values.national_ems_id).toUpperCase();
    const positionLabel = text(values.position);
    if (!last) fail(row, 'last_name', 'Last name is required.');
    else if (last.length > 100) fail(row, 'last_name', 'Last name is longer than 100 characters.');
    if (!first) fail(row, 'first_name', 'First name is required.');
    else if (first.length > 100) fail(row, 'first_name', 'First name is longer than 100 characters.');
    if (email && !emailSchema.safeParse(email).success)
      fail(row, 'email', `"${email}" is not an email address.`);
    if (ems && !/^[A-Z0-9-]{1,30}$/.test(ems))
      fail(row, 'national_ems_id', 'National EMS ID may hold only letters, digits and "-" (at most 30).');
    if (!email && !ems)
      fail(row, 'email', 'Give an email or a National EMS ID so the person can be matched.');
    const birth = parseDate(values.birth_date);
    if (birth === undefined) fail(row, 'birth_date', 'Date of birth is not a date (YYYY-MM-DD or M/D/YYYY).');
    else if (birth && birth > new Date().toISOString().slice(0, 10))
      fail(row, 'birth_date', 'Date of birth is in the future.');
    const start = parseDate(values.start_date);
    if (start === undefined) fail(row, 'start_date', 'Start date is not a date (YYYY-MM-DD or M/D/YYYY).');
    const designated = parseFlag(values.designated);
    if (designated === undefined) fail(row, 'designated', 'Designated must be yes or no.');
    const positionId = positionByLabel.get(positionLabel.toLowerCase());
    if (!positionLabel) fail(row, 'position', 'Position is required.');
    else if (!positionId) fail(row, 'position', `"${positionLabel}" is not a position of this enterprise.`);

    // Who the person is: by National EMS ID, else by email, else a new person.
    const key = ems ? `ems:${ems}` : `email:${email}`;
    let person: PlannedRow['person'] | undefined;
    const emsMatches = ems ? (byEms.get(ems) ?? []) : [];
    const emailMatches = email ? (byEmail.get(email) ?? []) : [];
    if (emsMatches.length > 1) fail(row, 'national_ems_id', 'Several people have this National EMS ID.');
    else if (emsMatches[0]) person = { userId: emsMatches[0].id };
    else if (emailMatches.length > 1)
      fail(row, 'email', 'Several people have this email; add the National EMS ID to tell them apart.');
    else if (emailMatches[0]) {
      const other = emailMatches[0].national_ems_id;
      if (ems && other && other.toUpperCase() !== ems)
        fail(row, 'national_ems_id', 'This email belongs to a person with another National EMS ID.');
      else person = { userId: emailMatches[0].id };
    } else if (email || ems) person = { newKey: key };

    if (person && positionId) {
      const dupKey = `${'userId' in person ? person.userId : person.newKey}|${positionId}`;
      const earlier = seen.get(dupKey);
      if (earlier !== undefined)
        fail(row, 'row', `Row ${row} repeats row ${earlier} (the same person and position).`);
      else seen.set(dupKey, row);
    }

    if (errors.length === before && person && positionId) {
      if ('userId' in person) matchedPeople.add(person.userId);
      else if (!newPeople.has(person.newKey))
        newPeople.set(person.newKey, {
          key: person.newKey,
          last_name: last,
          first_name: first,
          email: email || null,
          birth_date: birth ?? null,
          national_ems_id: ems || null,
        });
      planned.push({ row, person, positionId, startDate: start ?? null, designated: designated ?? null });
    }
    checked++;
    if (checked % 500 === 0) onProgress(checked);
  }
  onProgress(checked);
  return { errors, planned, newPeople, matchedPeople };
}
