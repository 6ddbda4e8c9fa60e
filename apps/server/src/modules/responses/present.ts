// The API shapes of a response and its answers: explicit, so no column leaks by accident.
import type { AnswerOutput, FormDefinition, ResponseOutput } from '@licensure/contracts';
import { type Db, document_types, documents, fbAnswers, type Tx } from '@licensure/db';
import { eq } from 'drizzle-orm';
import type { VersionedDefinition } from '../forms/form-store';
import type { ResponseRow } from './access';

/** The stored answers of a response, each with the label of its document's type. */
export async function loadAnswers(db: Db | Tx, responseId: string): Promise<AnswerOutput[]> {
  const rows = await db
    .select({
      question_id: fbAnswers.question_id,
      value: fbAnswers.value,
      signature: fbAnswers.signature,
      document_id: fbAnswers.document_id,
      file_name: fbAnswers.file_name,
      document_type: document_types.label,
    })
    .from(fbAnswers)
    .leftJoin(documents, eq(documents.id, fbAnswers.document_id))
    .leftJoin(document_types, eq(document_types.id, documents.document_type_id))
    .where(eq(fbAnswers.response_id, responseId));
  return rows.map((r) => ({ ...r, document_type: (r.document_type as string | null) ?? null }));
}

/** Questions in form order, with whether each sits in a spot-check group. */
export function questionOrder(
  form: Pick<FormDefinition, 'pages'>,
): Map<string, { index: number; spotCheck: boolean }> {
  const order = new Map<string, { index: number; spotCheck: boolean }>();
  for (const p of form.pages)
    for (const g of p.groups)
      for (const q of g.questions) order.set(q.id, { index: order.size, spotCheck: g.spot_check });
  return order;
}

/**
 * The answers a caller is shown, in form order: spot-check answers are staff's own business, and
 * answers to questions the version does not have are left out.
 */
export function shownAnswers(
  form: Pick<FormDefinition, 'pages'>,
  answers: AnswerOutput[],
  staffView: boolean,
): AnswerOutput[] {
  const order = questionOrder(form);
  return answers
    .filter((a) => {
      const at = order.get(a.question_id);
      return at !== undefined && (staffView || !at.spotCheck);
    })
    .sort((a, b) => (order.get(a.question_id)?.index ?? 0) - (order.get(b.question_id)?.index ?? 0));
}

export function presentResponse(
  row: ResponseRow,
  answers: AnswerOutput[],
  form?: VersionedDefinition,
): ResponseOutput {
  return {
    id: row.id,
    form_id: row.form_id,
    form_version: row.form_version,
    user_id: row.user_id,
    service_id: row.service_id,
    vehicle_id: row.vehicle_id,
    license_request_id: row.license_request_id,
    checklist_id: row.checklist_id,
    progress: row.progress,
    current_page: row.current_page,
    completed_on: row.completed_on ? row.completed_on.toISOString() : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    questions: answers,
    ...(form ? { form } : {}),
  };
}

/** What the data change log keeps of a response: its fields and its answers (signatures as a mark). */
export function auditOf(row: ResponseRow, answers: readonly AnswerOutput[]) {
  return {
    ...presentResponse(row, []),
    questions: Object.fromEntries(
      answers.map((a) => [
        a.question_id,
        {
          value: a.value,
          signed: a.signature !== null,
          document_id: a.document_id,
          file_name: a.file_name,
        },
      ]),
    ),
  };
}
