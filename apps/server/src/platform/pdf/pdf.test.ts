import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { PdfField, PdfReport, PdfSection } from './components';
import { pngDataUrlSize } from './png';
import { pdfDisposition, renderPdf } from './render-pdf';
import { corruptPng, pdfToText, pngDataUrl } from './test-pdf';
import { pdfText } from './text';

describe('pdfText', () => {
  it('keeps what Helvetica can draw and marks the rest', () => {
    expect(pdfText('Café “quoted” – naïve €5')).toBe('Café “quoted” – naïve €5');
    expect(pdfText('a\u2212b\u00a0c')).toBe('a-b c');
    expect(pdfText('東京 ok')).toBe('?? ok');
    expect(pdfText(null)).toBe('');
  });
});

describe('pngDataUrlSize', () => {
  it('reads the size of a sound PNG and refuses anything else', async () => {
    const png = await pngDataUrl();
    const size = pngDataUrlSize(png);
    expect(size?.width).toBeGreaterThan(10);
    expect(size?.height).toBe(size?.width);
    expect(pngDataUrlSize(corruptPng(png))).toBeNull();
    expect(pngDataUrlSize(png.slice(0, png.length / 2))).toBeNull();
    expect(pngDataUrlSize('data:image/png;base64,AAAA')).toBeNull();
    expect(pngDataUrlSize('data:image/jpeg;base64,AAAA')).toBeNull();
    expect(pngDataUrlSize(null)).toBeNull();
  });
});

describe('pdfDisposition', () => {
  it('names the file safely, with a UTF-8 form for other characters', () => {
    expect(pdfDisposition('inline', 'Renewal "A".pdf')).toBe(
      `inline; filename="Renewal  A .pdf"; filename*=UTF-8''Renewal%20%20A%20.pdf`,
    );
    expect(pdfDisposition('attachment', 'Façade.pdf')).toContain(`filename="Fa_ade.pdf"`);
  });
});

describe('renderPdf', () => {
  it('renders a real PDF whose text pdftotext reads back, images included', async () => {
    const png = await pngDataUrl();
    const long = Array.from({ length: 120 }, (_, i) => `Line ${i + 1} of a long answer`);
    const pdf = await renderPdf(
      createElement(
        PdfReport,
        {
          title: 'Initial application',
          subtitle: 'Version 3',
          facts: [
            { label: 'Person', value: 'Doe, Jane' },
            { label: 'Service', value: null },
          ],
          footer: 'Licensure',
        },
        createElement(
          PdfSection,
          { title: 'About you' },
          createElement(PdfField, { label: 'Favourite colour', lines: ['Blue'] }),
          createElement(PdfField, { label: 'Signature', lines: ['Signed'], image: png }),
          createElement(PdfField, { label: 'Broken image', lines: [], image: corruptPng(png) }),
          createElement(PdfField, { label: 'Story', lines: long }),
        ),
      ),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfToText(pdf);
    expect(text).toContain('Initial application');
    expect(text).toContain('Version 3');
    expect(text).toMatch(/Person\s+Doe, Jane/);
    expect(text).not.toContain('Service');
    expect(text).toContain('Favourite colour');
    expect(text).toContain('Blue');
    expect(text).toContain('(the image could not be read)');
    expect(text).toContain('Line 120 of a long answer');
    expect(text).toMatch(/Page 1 of [2-9]/);
    // The signature is drawn as an image object.
    expect(pdf.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
  });
});
