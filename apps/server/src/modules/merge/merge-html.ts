import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * What a template or message body may hold: the formatting of the rich-text editor (headings, lists,
 * emphasis, links, tables, alignment), never scripts, styles sheets, forms or event handlers.
 */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
    'div',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    '*': ['style'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center|justify)$/] } },
  // Links may call, mail or open a web page; never javascript:, data:, vbscript: or a file.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/** Cleans HTML from a user (a template being saved, a free-text message) to the editor's formatting. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, allowed);
}

export const escapeHtml = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** `{{ group.field }}`, spaces allowed inside the braces. */
const token = /\{\{\s*([a-z_]+\.[a-z_]+)\s*\}\}/gi;

/** The merge fields a text names, in order of first use. */
export function fieldsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(token)].map((m) => m[1]!.toLowerCase()))];
}

/**
 * Fills merge fields of HTML; values are escaped, unknown fields become empty, and the result is
 * sanitised again: a value merged into an attribute (a person's own street in `<a href="{{...}}">`)
 * must not become a javascript: link. Every path merged HTML leaves by (preview, letter PDF,
 * correspondence, trigger and task mail) merges through here.
 */
export function mergeHtml(html: string, values: ReadonlyMap<string, string>): string {
  return sanitizeMessageHtml(
    html.replace(token, (_, key: string) => escapeHtml(values.get(key.toLowerCase()) ?? '')),
  );
}

/** Fills merge fields of plain text (a subject line). */
export function mergeText(text: string, values: ReadonlyMap<string, string>): string {
  return text
    .replace(token, (_, key: string) => values.get(key.toLowerCase()) ?? '')
    .replace(/[\r\n]+/g, ' ');
}

/** The plain-text part of an email from its HTML. */
export function htmlToPlainText(html: string): string {
  return convert(html, {
    wordwrap: 100,
    selectors: [{ selector: 'a', options: { hideLinkHrefIfSameAsText: true } }],
  });
}
