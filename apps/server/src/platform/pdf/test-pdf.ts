// Helpers for tests of PDFs: the text pdftotext reads, and real PNG images.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/** The text of a PDF, as Debian's pdftotext (poppler-utils) reads it, in reading layout. */
export function pdfToText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-text-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A real PNG image as a data URL (a QR code of the text), standing in for a drawn signature. */
export const pngDataUrl = (text = 'signed') => QRCode.toDataURL(text, { margin: 1, scale: 2 });

/** The same image with its compressed pixels damaged: header intact, data corrupt. */
export function corruptPng(dataUrl: string): string {
  const bytes = Buffer.from(dataUrl.split(',')[1]!, 'base64');
  const idat = bytes.indexOf('IDAT', 0, 'latin1');
  for (let i = idat + 8; i < idat + 24 && i < bytes.length; i++) bytes[i] = bytes[i]! ^ 0x5a;
  return `data:image/png;base64,${bytes.toString('base64')}`;
}
