// POST fbresponses and PUT fbresponses/{id}: create or change a response and its answers, all or nothing.
import {
  type AnswerInput,
  type AnswerLike,
  type AnswerOutput,
  Events,
  type FormQuestion,
  joinMultiSelect,
  keptAnswers,
  type responseSaveBody,
  splitMultiSelect,
  validateAnswers,
} from '@licensure/contracts';
import { type Db, documents, fbAnswers, fbResponses, type Tx } from '@licensure/db';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, recordChange } from '../../platform/audit/record-change';
import type { AuthContext } from '../../platform/auth/context';
import { recordEvent } from '../../platform/events/record-event';
import { presentDocument } from '../../platform/files/documents';
import { badRequest, forbidden, notFound } from '../../platform/http/errors';
import { pngDataUrlSize } from '../../platform/pdf/png';
import { freezeCurrentVersion, loadVersionDefinition, type VersionedDefinition } from '../forms/form-store';
import {
  assertNotLocked,
  loadForm,
  loadResponseFor,
  type ResponseRow,
  type Rights,
  rightsOn,
  staffWrites,
} from './access';
import { auditOf, loadAnswers } from './present';
import { checkSubject, loadLicenseRequest } from './references';

export type SaveBody = z.infer<typeof responseSaveBody>;

export interface SaveResult {
  response: ResponseRow;
  answers: AnswerOutput[];
  definition: VersionedDefinition;
  rights: Rights;
}

interface QuestionEntry {
  question: FormQuestion;
  spotCheck: boolean;
}

const questionsOf = (form: VersionedDefinition) => {
  const map = new Map<string, QuestionEntry>();
  for (const p of form.pages)
    for (const g of p.groups)
      for (const q of g.questions) map.set(q.id, { question: q, spotCheck: g.spot_check });
  return map;
};

/** An ISO timestamp as older clients send a date (`2026-03-03T00:00:00.000Z`): the day it is written on. */
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date answer as stored, YYYY-MM-DD; anything else as sent, for the date rule to refuse. */
const storedDate = (raw: string) => TIMESTAMP.exec(raw)?.[1] ?? raw;

/**
 * An answer as it is stored: multi-select ids joined, a date sent as a timestamp cut to its day, blanks
 * as null, only the parts its kind has.
 */
function normalise(q: FormQuestion, a: AnswerInput): AnswerLike {
  const raw = a.value?.trim() ?? '';
  const value =
    q.kind === 'multi_select'
      ? joinMultiSelect(splitMultiSelect(raw))
      : q.kind === 'date'
        ? storedDate(raw)
        : raw;
  return {
    value: value === '' ? null : value,
    signature: q.kind === 'signature' ? (a.signature ?? null) : null,
    document_id: q.kind === 'file' ? (a.document_id ?? null) : null,
    file_name: null,
  };
}

const isEmpty = (a: AnswerLike | undefined) => !a || (!a.value && !a.signature && !a.document_id);

type DocumentRow = typeof documents.$inferSelect;

/** A file may answer a question when it is the caller's (uploaded by or about them), or staff's to use. */
const mayAnswerWith = (auth: AuthContext, d: DocumentRow) =>
  d.uploaded_by === auth.userId ||
  d.user_id === auth.userId ||
  auth.permissions.has('documents.read') ||
  auth.permissions.has('documents.write') ||
  auth.permissions.has('responses.write');

/** Files answered must be documents the caller may use, not already answering another response. */
async function checkDocuments(
  tx: Tx,
  auth: AuthContext,
  enterpriseId: string,
  responseId: string | undefined,
  incoming: Map<string, AnswerLike>,
  problems: Record<string, string>,
): Promise<Map<string, DocumentRow>> {
  const wanted = [...incoming].filter(([, a]) => a.document_id);
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(documents)
    .where(
      and(
        eq(documents.enterprise_id, enterpriseId),
        isNull(documents.deleted_at),
        inArray(
          documents.id,
          wanted.map(([, a]) => a.document_id as string),
        ),
      ),
    );
  const byId = new Map(rows.map((d) => [d.id, d]));
  const used = new Map<string, DocumentRow>();
  for (const [questionId, a] of wanted) {
    const doc = byId.get(a.document_id as string);
    if (!doc || !mayAnswerWith(auth, doc))
      problems[`questions.${questionId}`] = 'The file was not found. Please upload it again.';
    else if (doc.fb_response_id && doc.fb_response_id !== responseId)
      problems[`questions.${questionId}`] = 'This file belongs to another response. Please upload it again.';
    else {
      a.file_name = doc.name;
      used.set(questionId, doc);
    }
  }
  return used;
}

interface Target {
  existing: ResponseRow | null;
  definition: VersionedDefinition;
  rights: Rights;
  /** The values of a new response's row. */
  create?: Omit<typeof fbResponses.$inferInsert, 'progress' | 'current_page' | 'completed_on'>;
}

async function openNew(tx: Tx, auth: AuthContext, enterpriseId: string, body: SaveBody): Promise<Target> {
  const input = body.response;
  const form = await loadForm(tx, enterpriseId, input.form_id);
  if (!form || form.deleted) throw notFound('form');
  const staffEdit = staffWrites(auth);
  if (body.checklistID && !staffEdit) throw forbidden();
  const subject = await checkSubject(tx, auth, enterpriseId, form, input, staffEdit);
  const frozen = await freezeCurrentVersion(tx, enterpriseId, form.id);
  const rights = await rightsOn(tx, auth, enterpriseId, { ...subject, form_id: form.id }, form);
  return {
    existing: null,
    definition: frozen.definition,
    rights,
    create: {
      enterprise_id: enterpriseId,
      form_id: form.id,
      form_version: frozen.version,
      ...subject,
      checklist_id: body.checklistID ?? null,
      created_by: auth.userId,
    },
  };
}

async function openExisting(
  tx: Tx,
  auth: AuthContext,
  enterpriseId: string,
  responseId: string,
  body: SaveBody,
): Promise<Target> {
  const loaded = await loadResponseFor(tx, auth, enterpriseId, responseId, 'edit', { lock: true });
  assertNotLocked(loaded);
  const { response } = loaded;
  if (body.response.id && body.response.id !== response.id)
    throw badRequest({ id: 'The response id does not match the address.' });
  if (body.response.form_id !== response.form_id)
    throw badRequest({ form_id: 'A response stays with the form it was started on.' });
  if (body.checklistID && !loaded.rights.staffEdit) throw forbidden();
  const definition = await loadVersionDefinition(tx, response.form_id, response.form_version);
  if (!definition) throw notFound('form version');
  return { existing: response, definition, rights: loaded.rights };
}

/** Where a changed licence request is allowed: staff, or the caller's own request. */
async function checkRequestChange(
  tx: Tx,
  auth: AuthContext,
  enterpriseId: string,
  target: Target,
  requestId: string | null,
): Promise<string | null | undefined> {
  if (!target.existing || !requestId || requestId === target.existing.license_request_id) return undefined;
  const request = await loadLicenseRequest(tx, enterpriseId, requestId);
  if (!request) throw badRequest({ license_request_id: 'There is no such licence request.' });
  if (!target.rights.staffEdit && request.user_id !== auth.userId) throw forbidden();
  return request.id;
}

/**
 * Creates (no responseId) or changes a response. Answers sent are merged over the stored ones; only
 * answers to questions of the response's version that are shown for the merged answers are kept, and
 * hidden ones are removed. Any problem is a 400 naming `questions.<id>` and nothing is written.
 */
export async function saveResponse(
  db: Db,
  auth: AuthContext,
  actor: Actor,
  body: SaveBody,
  responseId?: string,
): Promise<SaveResult> {
  const { enterpriseId } = actor;
  return db.transaction(async (tx) => {
    const target = responseId
      ? await openExisting(tx, auth, enterpriseId, responseId, body)
      : await openNew(tx, auth, enterpriseId, body);
    const { definition, rights, existing } = target;
    const requestChange = await checkRequestChange(
      tx,
      auth,
      enterpriseId,
      target,
      body.response.license_request_id,
    );
    const questions = questionsOf(definition);

    const storedAnswers = existing ? await loadAnswers(tx, existing.id) : [];
    const stored = new Map<string, AnswerLike>(storedAnswers.map((a) => [a.question_id, a]));
    const incoming = new Map<string, AnswerLike>();
    if (body.saveAnswers)
      for (const a of body.response.questions) {
        const entry = questions.get(a.question_id);
        // Answers to questions the version lacks, read-only text, or staff's spot checks are not taken.
        if (!entry || entry.question.kind === 'instructions') continue;
        if (entry.spotCheck && !rights.staffEdit) continue;
        incoming.set(a.question_id, normalise(entry.question, a));
      }

    const problems: Record<string, string> = {};
    for (const [questionId, a] of incoming)
      if (a.signature && !pngDataUrlSize(a.signature))
        problems[`questions.${questionId}`] = 'The signature could not be read. Please sign again.';
    const linked = await checkDocuments(tx, auth, enterpriseId, existing?.id, incoming, problems);

    const merged = new Map(stored);
    for (const [questionId, a] of incoming) merged.set(questionId, a);
    const complete = body.response.complete;
    const found = {
      // Staff answering spot checks get their formats checked; required ones never block completion.
      ...(rights.staffEdit
        ? validateAnswers(definition, merged, { complete: false, includeSpotCheck: true })
        : {}),
      ...validateAnswers(definition, merged, { complete, includeSpotCheck: false }),
      ...problems,
    };
    if (Object.keys(found).length > 0) throw badRequest(found);

    const now = new Date();
    const alreadySubmitted = existing?.progress === 2;
    const state = {
      progress: complete || alreadySubmitted ? 2 : 1,
      completed_on: alreadySubmitted ? existing.completed_on : complete ? now : null,
      current_page: Math.max(0, Math.min(body.response.current_page, definition.pages.length - 1)),
    };
    let row: ResponseRow | undefined;
    if (target.create) {
      [row] = await tx
        .insert(fbResponses)
        .values({ ...target.create, ...state })
        .returning();
    } else if (existing) {
      [row] = await tx
        .update(fbResponses)
        .set({
          ...state,
          ...(requestChange ? { license_request_id: requestChange } : {}),
          ...(body.checklistID ? { checklist_id: body.checklistID } : {}),
          updated_at: now,
        })
        .where(eq(fbResponses.id, existing.id))
        .returning();
    }
    if (!row) throw new Error('response write returned nothing');

    const kept = keptAnswers(definition, merged);
    const removed = [...stored.keys()].filter(
      (q) => !questions.has(q) || !kept.has(q) || isEmpty(merged.get(q)),
    );
    if (removed.length > 0)
      await tx
        .delete(fbAnswers)
        .where(and(eq(fbAnswers.response_id, row.id), inArray(fbAnswers.question_id, removed)));
    const upserts = [...incoming].filter(([q, a]) => kept.has(q) && !isEmpty(a));
    if (upserts.length > 0)
      await tx
        .insert(fbAnswers)
        .values(
          upserts.map(([question_id, a]) => ({
            enterprise_id: enterpriseId,
            response_id: row.id,
            question_id,
            value: a.value ?? null,
            signature: a.signature ?? null,
            document_id: a.document_id ?? null,
            file_name: a.file_name ?? null,
          })),
        )
        .onConflictDoUpdate({
          target: [fbAnswers.response_id, fbAnswers.question_id],
          set: {
            value: sql`excluded.value`,
            signature: sql`excluded.signature`,
            document_id: sql`excluded.document_id`,
            file_name: sql`excluded.file_name`,
            updated_at: now,
          },
        });

    for (const [questionId, doc] of linked) {
      if (!kept.has(questionId) || (doc.fb_response_id === row.id && doc.question_id === questionId))
        continue;
      const [after] = await tx
        .update(documents)
        .set({ fb_response_id: row.id, question_id: questionId, updated_at: now })
        .where(eq(documents.id, doc.id))
        .returning();
      await recordChange(tx, actor, {
        entity: 'documents',
        objectId: doc.id,
        action: 'update',
        before: presentDocument(doc),
        after: after ? presentDocument(after) : undefined,
      });
    }

    const answers = await loadAnswers(tx, row.id);
    await recordChange(tx, actor, {
      entity: 'fb_responses',
      objectId: row.id,
      action: existing ? 'update' : 'create',
      before: existing ? auditOf(existing, storedAnswers) : undefined,
      after: auditOf(row, answers),
    });
    if (complete && !alreadySubmitted)
      await recordEvent(tx, {
        enterpriseId,
        name: Events.formResponseCompleted,
        entity: 'fb_responses',
        objectId: row.id,
        actorId: auth.userId,
      });
    return { response: row, answers, definition, rights };
  });
}
