// PDFs in the journeys: a small one to upload, and the text of one the app made (pdftotext, poppler-utils).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A one-page PDF with a line of text, made here. */
export function smallPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The text of a PDF, read back with pdftotext (`layout` keeps the columns where they are). */
export function pdfText(pdf: Buffer, options: { layout?: boolean } = {}): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'journey-pdf-')), 'file.pdf');
  writeFileSync(file, pdf);
  return execFileSync('/usr/bin/pdftotext', [...(options.layout ? ['-layout'] : []), file, '-'], {
    encoding: 'utf8',
  });
}
