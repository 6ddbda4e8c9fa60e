import { type DocumentProps, renderToBuffer } from '@react-pdf/renderer';
import type { ReactElement } from 'react';

/** Renders a report (a `PdfReport` element, or any element whose root is a Document) to PDF bytes. */
export async function renderPdf(report: ReactElement): Promise<Buffer> {
  // A component whose root is <Document> renders like the Document itself.
  return renderToBuffer(report as ReactElement<DocumentProps>);
}

/** A Content-Disposition value naming the file, safe for any characters in the name. */
export function pdfDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.replace(/[\r\n"\\/]/g, ' ').trim() || 'document.pdf';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
