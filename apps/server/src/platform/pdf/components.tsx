// Building blocks of the server's PDF reports (responses, inspections, certificates): built-in
// Helvetica, Letter pages with a running footer, sections and labelled fields.
import { Document, Image, Page, StyleSheet, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import { pngDataUrlSize } from './png';
import { pdfText } from './text';

export const pdfStyles = StyleSheet.create({
  page: {
    fontFamily: 'Helvetica',
    fontSize: 10,
    color: '#1a1a1a',
    paddingTop: 48,
    paddingBottom: 56,
    paddingHorizontal: 54,
  },
  title: { fontFamily: 'Helvetica-Bold', fontSize: 17, marginBottom: 4 },
  subtitle: { fontSize: 11, color: '#444444', marginBottom: 10 },
  facts: { marginBottom: 14, paddingBottom: 8, borderBottomWidth: 1, borderBottomColor: '#999999' },
  fact: { flexDirection: 'row', marginBottom: 2 },
  factLabel: { fontFamily: 'Helvetica-Bold', width: 110 },
  factValue: { flex: 1 },
  section: { marginBottom: 10 },
  sectionTitle: {
    fontFamily: 'Helvetica-Bold',
    fontSize: 13,
    marginTop: 6,
    marginBottom: 6,
    paddingBottom: 2,
    borderBottomWidth: 0.5,
    borderBottomColor: '#bbbbbb',
  },
  subsectionTitle: { fontFamily: 'Helvetica-Bold', fontSize: 11, marginTop: 4, marginBottom: 4 },
  note: { fontSize: 9, color: '#555555', marginBottom: 6 },
  field: { marginBottom: 7 },
  fieldLabel: { fontFamily: 'Helvetica-Bold', marginBottom: 1 },
  fieldValue: { marginLeft: 10, marginBottom: 1 },
  image: { marginLeft: 10, marginTop: 2, objectFit: 'contain' },
  footer: {
    position: 'absolute',
    bottom: 24,
    left: 54,
    right: 54,
    flexDirection: 'row',
    justifyContent: 'space-between',
    fontSize: 8,
    color: '#666666',
  },
});

export interface PdfFact {
  label: string;
  value: string | null | undefined;
}

export interface PdfReportProps {
  title: string;
  subtitle?: string;
  /** Label/value lines under the title (who, when, status). Empty values are left out. */
  facts?: PdfFact[];
  /** Printed at the bottom left of every page, beside the page number. */
  footer?: string;
  author?: string;
  children?: ReactNode;
}

/** A whole report: title block, content that flows over Letter pages, and "Page n of m". */
export function PdfReport({ title, subtitle, facts = [], footer, author, children }: PdfReportProps) {
  const shown = facts.filter((f) => f.value);
  return (
    <Document
      title={pdfText(title)}
      author={author ? pdfText(author) : undefined}
      creator="Licensure"
      producer="Licensure"
    >
      <Page size="LETTER" style={pdfStyles.page} wrap>
        <Text style={pdfStyles.title}>{pdfText(title)}</Text>
        {subtitle ? <Text style={pdfStyles.subtitle}>{pdfText(subtitle)}</Text> : null}
        {shown.length > 0 ? (
          <View style={pdfStyles.facts}>
            {shown.map((f) => (
              <View key={f.label} style={pdfStyles.fact}>
                <Text style={pdfStyles.factLabel}>{pdfText(f.label)}</Text>
                <Text style={pdfStyles.factValue}>{pdfText(f.value)}</Text>
              </View>
            ))}
          </View>
        ) : null}
        {children}
        <View style={pdfStyles.footer} fixed>
          <Text>{pdfText(footer ?? title)}</Text>
          <Text render={({ pageNumber, totalPages }) => `Page ${pageNumber} of ${totalPages}`} />
        </View>
      </Page>
    </Document>
  );
}

export function PdfSection({
  title,
  level = 1,
  note,
  children,
}: {
  title?: string | null;
  level?: 1 | 2;
  note?: string | null;
  children?: ReactNode;
}) {
  return (
    <View style={pdfStyles.section}>
      {title ? (
        // A heading never ends a page alone: keep room for the content after it.
        <Text style={level === 1 ? pdfStyles.sectionTitle : pdfStyles.subsectionTitle} minPresenceAhead={40}>
          {pdfText(title)}
        </Text>
      ) : null}
      {note ? <Text style={pdfStyles.note}>{pdfText(note)}</Text> : null}
      {children}
    </View>
  );
}

const MAX_IMAGE = { width: 220, height: 90 };

/** A PNG data URL drawn within a box, keeping its proportions; unreadable images are described. */
export function PdfPngImage({ dataUrl }: { dataUrl: string }) {
  const size = pngDataUrlSize(dataUrl);
  if (!size) return <Text style={pdfStyles.fieldValue}>(the image could not be read)</Text>;
  const scale = Math.min(MAX_IMAGE.width / size.width, MAX_IMAGE.height / size.height, 1);
  return (
    <Image
      src={dataUrl}
      style={[pdfStyles.image, { width: size.width * scale, height: size.height * scale }]}
    />
  );
}

/** A labelled value: the label in bold, each line of the value below it, and an optional image. */
export function PdfField({ label, lines, image }: { label: string; lines: string[]; image?: string }) {
  // Short fields stay whole on one page; a long text may flow over a page break.
  const short = lines.reduce((n, l) => n + l.length + 80, 0) < 2400;
  return (
    <View style={pdfStyles.field} wrap={!short}>
      <Text style={pdfStyles.fieldLabel}>{pdfText(label)}</Text>
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: lines of one value have no identity but their place
        <Text key={i} style={pdfStyles.fieldValue}>
          {pdfText(line)}
        </Text>
      ))}
      {image ? <PdfPngImage dataUrl={image} /> : null}
    </View>
  );
}
