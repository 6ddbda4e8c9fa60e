// fbforms/createview: a PostgreSQL view of a form's responses, one column per question, for reports
// and outside tools that read the database.
import { fbFormVersions, type Tx } from '@licensure/db';
import { eq, sql } from 'drizzle-orm';
import { badRequest } from '../../platform/http/errors';
import { type LiveDefinition, loadLiveDefinition } from './form-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_IDENTIFIER = 63;
/** PostgreSQL allows 1664 entries in a select list; keep well below. */
const MAX_QUESTION_COLUMNS = 1500;

const baseColumns = [
  { name: 'response_id', expr: 'r.id', label: 'Response' },
  { name: 'user_id', expr: 'r.user_id', label: 'Person' },
  { name: 'service_id', expr: 'r.service_id', label: 'Service' },
  { name: 'vehicle_id', expr: 'r.vehicle_id', label: 'Vehicle' },
  { name: 'license_request_id', expr: 'r.license_request_id', label: 'Licence request' },
  { name: 'progress', expr: 'r.progress', label: 'Progress' },
  { name: 'completed_on', expr: 'r.completed_on', label: 'Completed on' },
  { name: 'form_version', expr: 'r.form_version', label: 'Form version' },
] as const;

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** A lower-case identifier from a label: letters, digits and underscores, at most `max` characters. */
export function slugOf(label: string, max = MAX_IDENTIFIER): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, max)
    .replace(/_+$/, '');
  return slug === '' ? 'question' : /^[0-9]/.test(slug) ? `q_${slug}`.slice(0, max) : slug;
}

/** Column names for the labels, unique among themselves and the taken names, each within 63 characters. */
export function uniqueColumnNames(labels: string[], taken: Iterable<string>): string[] {
  const used = new Set(taken);
  return labels.map((label) => {
    let name = slugOf(label);
    for (let n = 2; used.has(name); n++) {
      const suffix = `_${n}`;
      name = `${slugOf(label, MAX_IDENTIFIER - suffix.length)}${suffix}`;
    }
    used.add(name);
    return name;
  });
}

export function viewNameOf(formId: string): string {
  return `form_responses_${formId.replaceAll('-', '').slice(0, 8).toLowerCase()}`;
}

interface ViewQuestion {
  id: string;
  label: string;
  kind: string;
}

/** Questions of the live tree in form order, then those only older versions had. */
async function questionsOfAllVersions(tx: Tx, live: LiveDefinition): Promise<ViewQuestion[]> {
  const out: ViewQuestion[] = [];
  const seen = new Set<string>();
  const add = (pages: LiveDefinition['pages']) => {
    for (const p of pages)
      for (const g of p.groups)
        for (const q of g.questions) {
          if (seen.has(q.id) || q.kind === 'instructions') continue;
          seen.add(q.id);
          out.push({ id: q.id, label: q.label, kind: q.kind });
        }
  };
  add(live.pages);
  const frozen = await tx
    .select({ definition: fbFormVersions.definition })
    .from(fbFormVersions)
    .where(eq(fbFormVersions.form_id, live.id))
    .orderBy(sql`${fbFormVersions.version} desc`);
  for (const f of frozen) add((f.definition as LiveDefinition).pages ?? []);
  return out;
}

/** What a question's column shows: the answer's value, a file's name, or whether it was signed. */
function answerExpr(q: ViewQuestion): string {
  const field =
    q.kind === 'file'
      ? 'coalesce(a.file_name, a.value)'
      : q.kind === 'signature'
        ? "case when a.signature is not null then 'signed' end"
        : 'a.value';
  return `max(${field}) filter (where a.question_id = '${q.id}')`;
}

export interface ViewResult {
  view_name: string;
  columns: { name: string; question_id: string | null; label: string }[];
}

/** Creates (or replaces) the view of one form's responses. Ids are checked uuids; names are quoted. */
export async function createResponsesView(tx: Tx, enterpriseId: string, formId: string): Promise<ViewResult> {
  const live = await loadLiveDefinition(tx, enterpriseId, formId);
  if (!live) throw badRequest({ formID: `There is no form ${formId}.` });
  const questions = await questionsOfAllVersions(tx, live);
  if (questions.length > MAX_QUESTION_COLUMNS)
    throw badRequest({ formID: `A view can show at most ${MAX_QUESTION_COLUMNS} questions.` });
  for (const id of [formId, enterpriseId, ...questions.map((q) => q.id)])
    if (!UUID.test(id)) throw badRequest({ formID: 'The form holds an id that is not a valid id.' });

  const names = uniqueColumnNames(
    questions.map((q) => q.label),
    baseColumns.map((c) => c.name),
  );
  const viewName = viewNameOf(formId);
  const select = [
    ...baseColumns.map((c) => `${c.expr} as ${quoteIdent(c.name)}`),
    ...questions.map((q, i) => `${answerExpr(q)} as ${quoteIdent(names[i] ?? `question_${i}`)}`),
  ];
  // Dropping first: a replaced view may not lose or rename columns.
  await tx.execute(sql.raw(`drop view if exists ${quoteIdent(viewName)}`));
  await tx.execute(
    sql.raw(
      `create view ${quoteIdent(viewName)} as select ${select.join(', ')} ` +
        'from fb_responses r left join fb_answers a on a.response_id = r.id ' +
        `where r.form_id = '${formId}' and r.enterprise_id = '${enterpriseId}' ` +
        'group by r.id',
    ),
  );
  return {
    view_name: viewName,
    columns: [
      ...baseColumns.map((c) => ({ name: c.name, question_id: null, label: c.label })),
      ...questions.map((q, i) => ({ name: names[i] ?? `question_${i}`, question_id: q.id, label: q.label })),
    ],
  };
}
