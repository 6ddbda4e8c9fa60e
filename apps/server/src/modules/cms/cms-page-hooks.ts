import { badRequest } from '../../platform/http/errors';
import type { ResourceHooks, Row } from '../../platform/resources/types';
import { sanitizeMessageHtml } from '../merge/merge-html';

export const parentIsSelf = 'A page cannot be its own parent.';

/**
 * CMSPages: the content is stored sanitised by the merge templates' rules (what the rich-text editor
 * makes: headings, lists, emphasis, links, tables; never scripts, styles or event handlers), and a page
 * is not its own parent (longer cycles are cut when the menu is built).
 */
export const cmsPageHooks: ResourceHooks = {
  validate(input: Row, ctx) {
    const id = ctx.before?.id;
    if (id !== undefined && input.parent_id === id) throw badRequest({ parent_id: parentIsSelf });
    return typeof input.content === 'string'
      ? { ...input, content: sanitizeMessageHtml(input.content) }
      : input;
  },
};
