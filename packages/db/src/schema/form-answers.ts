import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { enterpriseId, id, updatedAt } from './columns';
import { documents } from './documents';
import { fbResponses } from './forms';

// The answers of a form response, apart from forms.ts: an answer may name an uploaded document, and a
// document may name the response it was uploaded with, so forms.ts and documents.ts would import each other.

/** One answer: multi-select values are a comma-separated id list, dates YYYY-MM-DD. */
export const fbAnswers = pgTable(
  'fb_answers',
  {
    id: id(),
    enterprise_id: enterpriseId(),
    response_id: uuid('response_id')
      .notNull()
      .references(() => fbResponses.id, { onDelete: 'cascade' }),
    question_id: uuid('question_id').notNull(),
    value: text('value'),
    /** A signature as a PNG data URL. */
    signature: text('signature'),
    document_id: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    file_name: text('file_name'),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('fb_answers_response_question_key').on(t.response_id, t.question_id)],
);
