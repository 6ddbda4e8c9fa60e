import {
  type RenderedMessage,
  type RenderMergeTemplateInput,
  renderMergeTemplateInput,
} from '@licensure/contracts';
import { type Db, mergeTemplates, type Tx } from '@licensure/db';
import { and, eq, isNull } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors';
import { loadMergeValues } from './load-merge-values';
import { htmlToPlainText, mergeHtml, mergeText, sanitizeMessageHtml } from './merge-html';

/** A subject and sanitised body merged against values: the email's HTML and its plain-text part. */
export function renderWithValues(
  template: { subject: string; body_html: string },
  values: ReadonlyMap<string, string>,
): RenderedMessage {
  const html = mergeHtml(sanitizeMessageHtml(template.body_html), values);
  return { subject: mergeText(template.subject, values).trim(), html, text: htmlToPlainText(html) };
}

/** One stored (live) template of the enterprise, or a 404. */
export async function loadMergeTemplate(tx: Db | Tx, enterpriseId: string, templateId: string) {
  const [template] = await tx
    .select()
    .from(mergeTemplates)
    .where(
      and(
        eq(mergeTemplates.id, templateId),
        eq(mergeTemplates.enterprise_id, enterpriseId),
        isNull(mergeTemplates.deleted_at),
      ),
    );
  if (!template) throw notFound('merge template');
  return template;
}

/**
 * A merge template filled with a real record's fields: `{subject, html, text}` ready to email or print.
 * The object's kind may differ from the template's merge object (a request's template on a credential
 * of the same holder): fields the record does not have are left empty.
 */
export async function renderMergeTemplate(
  tx: Db | Tx,
  input: RenderMergeTemplateInput,
): Promise<RenderedMessage> {
  const v = renderMergeTemplateInput.parse(input);
  const template = await loadMergeTemplate(tx, v.enterpriseId, v.templateId);
  const values = await loadMergeValues(tx, v.enterpriseId, v.object);
  return renderWithValues(template, values);
}
