import { describe, expect, it } from 'vitest';
import { fieldsUsed, htmlToPlainText, mergeHtml, mergeText, sanitizeMessageHtml } from './merge-html';

describe('merge HTML', () => {
  it('keeps the editor formatting and drops scripts, handlers and javascript links', () => {
    const dirty =
      '<h2 style="text-align:center">Notice</h2><p onclick="x()">Hi <strong>there</strong></p>' +
      '<script>alert(1)</script><a href="javascript:alert(1)">bad</a><a href="https://ok.example">ok</a>' +
      '<img src=x onerror=alert(1)><iframe src="https://evil.example"></iframe>';
    const clean = sanitizeMessageHtml(dirty);
    expect(clean).toContain('<h2 style="text-align:center">Notice</h2>');
    expect(clean).toContain('<p>Hi <strong>there</strong></p>');
    expect(clean).toContain('<a href="https://ok.example" rel="noopener noreferrer">ok</a>');
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:|<img|<iframe/);
  });

  it('fills merge fields, escaping values in HTML, and lists the fields used', () => {
    const values = new Map([
      ['person.first_name', '<b>Ann</b> & co'],
      ['certification.number', 'EMT-1'],
    ]);
    expect(
      mergeHtml('<p>Dear {{ person.first_name }}, {{certification.number}} {{person.unknown}}.</p>', values),
    ).toBe('<p>Dear &lt;b&gt;Ann&lt;/b&gt; &amp; co, EMT-1 .</p>');
    expect(mergeText('Renewal of {{certification.number}}\r\nBcc: x', values)).toBe(
      'Renewal of EMT-1 Bcc: x',
    );
    expect(fieldsUsed('{{person.first_name}} {{Person.First_Name}} {{date.today}}')).toEqual([
      'person.first_name',
      'date.today',
    ]);
  });

  it('sanitises after merging: a merged value never makes a script link', () => {
    const template = '<p><a href="{{person.street}}">home</a> <a href="{{ person.city }}">city</a></p>';
    for (const street of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
    ]) {
      const merged = mergeHtml(template, new Map([['person.street', street]]));
      expect(merged, street).not.toMatch(/javascript|vbscript|data:|<script/i);
      expect(merged, street).toContain('>home</a>');
    }
    const ok = mergeHtml(template, new Map([['person.street', 'https://maps.example/?q=1&x="2"']]));
    expect(ok).toContain('href="https://maps.example/?q=1&amp;x=&quot;2&quot;"');
  });

  it('allows http, https, mailto and tel links, nothing else', () => {
    const links = ['http://a.example', 'https://a.example', 'mailto:a@example.org', 'tel:+15550100'];
    for (const href of links)
      expect(sanitizeMessageHtml(`<a href="${href}">x</a>`), href).toContain(`href="${href}"`);
    for (const href of ['javascript:x()', 'ftp://a.example', 'file:///etc/passwd', 'data:,x', 'sms:1'])
      expect(sanitizeMessageHtml(`<a href="${href}">x</a>`), href).toBe('<a rel="noopener noreferrer">x</a>');
  });

  it('gives the plain-text part of an email', () => {
    expect(htmlToPlainText('<p>Dear Ann,</p><ul><li>one</li></ul>')).toBe('Dear Ann,\n\n * one');
  });
});
