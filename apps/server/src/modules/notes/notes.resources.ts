import {
  type NoteOutput,
  noteInput,
  noteOutput,
  notePatch,
  noteSubjectKeys,
  noteSubjectMessage,
} from '@licensure/contracts';
import { complaints, ipInspections, licenseRequests, notes, services, users, vehicles } from '@licensure/db';
import { eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { badRequest, forbidden } from '../../platform/http/errors';
import { holdsAny } from '../../platform/permissions/scopes';
import type { HookContext, JoinableQuery, Resource, Row } from '../../platform/resources/types';

const author = alias(users, 'note_author');
const uuid = (name: string) => z.uuid({ message: `${name} must be a valid id` });
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

export function presentNote(n: Row): NoteOutput {
  const s = (k: string) => (n[k] as string | null | undefined) ?? null;
  return {
    id: n.id as string,
    user_id: s('user_id'),
    service_id: s('service_id'),
    vehicle_id: s('vehicle_id'),
    license_request_id: s('license_request_id'),
    inspection_id: s('inspection_id'),
    complaint_id: s('complaint_id'),
    value: n.value as string,
    created_by: s('created_by'),
    author_name: s('author_name'),
    created_at: iso(n.created_at),
    updated_at: iso(n.updated_at),
  };
}

/** A note is on exactly one record; its author is the caller. Updates change the text only. */
function noteValues(input: Row, ctx: HookContext): Row {
  if (ctx.operation !== 'create') return input;
  const subjects = noteSubjectKeys.filter((k) => !!input[k]);
  if (subjects.length !== 1) throw badRequest({ [subjects[1] ?? 'user_id']: noteSubjectMessage });
  if (input.complaint_id && !holdsAny(ctx.auth, ['complaints.write'])) throw forbidden();
  return { ...input, created_by: ctx.auth?.userId ?? null };
}

const filters = Object.fromEntries(
  noteSubjectKeys.map((k) => [k, { column: notes[k], schema: uuid(k) }]),
) as Resource['filters'];

/**
 * Staff notes on people, services, vehicles, requests and complaints (inspections when that module
 * lands: their ids are kept, not yet checked). Notes on a complaint are as confidential as the
 * complaint: only staff who read complaints see them, and who write complaints add them. Deleting a
 * note keeps it, marked deleted.
 */
export const noteResource: Resource = {
  path: 'Notes',
  entity: 'notes',
  wrapper: 'note',
  singular: 'note',
  tags: ['notes'],
  table: notes,
  read: 'notes.read',
  write: 'notes.write',
  input: noteInput,
  patch: notePatch,
  output: noteOutput,
  present: presentNote,
  columns: {
    author_name: sql<
      string | null
    >`nullif(trim(concat_ws(' ', ${author.first_name}, ${author.last_name})), '')`,
  },
  joins: (q: JoinableQuery) => q.leftJoin(author, eq(author.id, notes.created_by)),
  filters,
  search: [notes.value],
  sort: { created_at: notes.created_at, updated_at: notes.updated_at },
  defaultSort: 'created_at',
  refs: {
    user_id: { table: users, what: 'person' },
    service_id: { table: services, what: 'service' },
    vehicle_id: { table: vehicles, what: 'vehicle' },
    license_request_id: { table: licenseRequests, what: 'licence request' },
    complaint_id: { table: complaints, what: 'complaint' },
    inspection_id: { table: ipInspections, what: 'inspection' },
  },
  scope: (auth) =>
    holdsAny(auth, ['complaints.read'])
      ? null
      : { name: 'outside-complaints', where: () => isNull(notes.complaint_id) },
  softDelete: {},
  hooks: { validate: noteValues },
};
