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

  it('gives the plain-text part of an email', () => {
    expect(htmlToPlainText('<p>Dear Ann,</p><ul><li>one</li></ul>')).toBe('Dear Ann,\n\n * one');
  });
});
