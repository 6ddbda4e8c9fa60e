import { visibleItems } from '@licensure/contracts';
import { type Db, fbResponses, type ipChecklists, type Tx } from '@licensure/db';
import { asc, eq, or } from 'drizzle-orm';
import { loadVersionDefinition } from '../forms/form-store';
import { answerInWords } from '../responses/answer-words';
import { loadAnswers } from '../responses/present';

/** One answered item of a checklist as the report prints it. */
export interface ChecklistItem {
  question: string;
  lines: string[];
  signature?: string;
}

/** A page of the checklist form and its groups, each with its items, in form order. */
export interface ChecklistPage {
  title: string;
  groups: { title: string | null; description: string | null; items: ChecklistItem[] }[];
}

/**
 * A checklist's answers as the screen shows them (read-only form): the pages of the form version the
 * answers were given on, in order, each group under its title, each shown question with its answer in
 * words (unanswered ones too); conditional parts not shown are left out, spot-check groups kept (the
 * report is the inspector's). Empty when the checklist has no answers yet.
 */
export async function checklistPages(
  db: Db | Tx,
  checklist: typeof ipChecklists.$inferSelect,
): Promise<ChecklistPage[]> {
  const [response] = await db
    .select({ id: fbResponses.id, form_id: fbResponses.form_id, version: fbResponses.form_version })
    .from(fbResponses)
    .where(
      or(
        eq(fbResponses.checklist_id, checklist.id),
        checklist.response_id ? eq(fbResponses.id, checklist.response_id) : undefined,
      ),
    )
    .orderBy(asc(fbResponses.created_at))
    .limit(1);
  if (!response) return [];
  const form = await loadVersionDefinition(db, response.form_id, response.version);
  if (!form) return [];
  const answers = new Map((await loadAnswers(db, response.id)).map((a) => [a.question_id, a]));
  const shown = visibleItems(form, answers, { includeSpotCheck: true });
  return form.pages
    .map((page) => ({
      title: page.title,
      groups: page.groups
        .filter((g) => shown.groups.has(g.id))
        .map((g) => ({
          title: g.title ?? null,
          description: g.description ?? null,
          items: g.questions
            .filter((q) => shown.questions.has(q.id))
            .map((q) => {
              const words = answerInWords(q, answers.get(q.id));
              return { question: q.label, lines: words.lines, signature: words.signature };
            }),
        })),
    }))
    .filter((page) => page.groups.length > 0);
}
