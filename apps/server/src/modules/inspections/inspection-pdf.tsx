import { StyleSheet, Text, View } from '@react-pdf/renderer';
import { PdfField, PdfReport, PdfSection, pdfStyles } from '../../platform/pdf/components';
import { pdfText } from '../../platform/pdf/text';
import type { ChecklistPage } from './checklist-report';

export interface InspectionReportData {
  enterpriseName: string;
  number: string | null;
  template: string | null;
  subject: string;
  service: string | null;
  visitDate: string | null;
  inspector: string | null;
  status: string | null;
  outcome: string | null;
  notes: string | null;
  spotCheck: boolean;
  reportText: string | null;
  checklists: {
    name: string;
    outcome: string | null;
    /** The checklist form's pages, groups and items in form order (checklist-report.ts). */
    pages: ChecklistPage[];
    signer: string | null;
    signature: string | null;
    inPerson: boolean;
  }[];
  deficiencies: {
    deficiency: string | null;
    category: string | null;
    description: string;
    due_date: string | null;
    corrected_on: string | null;
  }[];
  comments: { comment: string; author: string | null; date: string }[];
  fees: { label: string | null; quantity: number; amount_cents: number }[];
  signer: string | null;
  signature: string | null;
  inPerson: boolean;
  printedBy: string;
}

const local = StyleSheet.create({
  group: { marginLeft: 8, marginBottom: 6 },
  groupTitle: { fontFamily: 'Helvetica-BoldOblique', fontSize: 10, marginBottom: 3 },
});
const groupStyle = local.group;
const groupTitle = local.groupTitle;
const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const signedHow = (inPerson: boolean) => (inPerson ? 'Signed in person' : 'Signed remotely');

/** The inspection report: the checklist answers, deficiencies, comments flagged for it, fees, signatures and the outcome. */
export function inspectionReport(d: InspectionReportData) {
  return (
    <PdfReport
      title={`Inspection report ${d.number ?? ''}`.trim()}
      subtitle={d.enterpriseName}
      author={d.enterpriseName}
      footer={`Inspection ${d.number ?? ''}, printed by ${d.printedBy}`}
      facts={[
        { label: 'Inspection', value: d.number },
        { label: 'Template', value: d.template },
        { label: 'Inspected', value: d.subject },
        { label: 'Service', value: d.service },
        { label: 'Visit date', value: d.visitDate },
        { label: 'Inspector', value: d.inspector },
        { label: 'Status', value: d.status },
        { label: 'Kind', value: d.spotCheck ? 'Unannounced spot check' : 'Scheduled inspection' },
        { label: 'Outcome', value: d.outcome ?? 'No outcome recorded' },
      ]}
    >
      {d.reportText ? (
        <PdfSection>
          <Text style={pdfStyles.note}>{pdfText(d.reportText)}</Text>
        </PdfSection>
      ) : null}
      {d.checklists.map((c, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: checklists are printed in their order
        <PdfSection key={n} title={`Checklist: ${c.name}`} note={c.outcome ? `Outcome: ${c.outcome}` : null}>
          {c.pages.length === 0 ? <Text style={pdfStyles.note}>No answers recorded.</Text> : null}
          {c.pages.map((page, p) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are printed in form order
            <PdfSection key={p} title={page.title} level={2}>
              {page.groups.map((g, n) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: groups are printed in form order
                <View key={n} style={groupStyle}>
                  {g.title ? (
                    <Text style={groupTitle} minPresenceAhead={30}>
                      {pdfText(g.title)}
                    </Text>
                  ) : null}
                  {g.description ? <Text style={pdfStyles.note}>{pdfText(g.description)}</Text> : null}
                  {g.items.map((a, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: items are printed in form order
                    <PdfField key={i} label={a.question} lines={a.lines} image={a.signature} />
                  ))}
                </View>
              ))}
            </PdfSection>
          ))}
          {c.signature || c.signer ? (
            <PdfField
              label="Checklist signed by"
              lines={[c.signer ?? '(name not given)', signedHow(c.inPerson)]}
              image={c.signature ?? undefined}
            />
          ) : null}
        </PdfSection>
      ))}
      <PdfSection title="Deficiencies">
        {d.deficiencies.length === 0 ? <Text style={pdfStyles.note}>No deficiencies found.</Text> : null}
        {d.deficiencies.map((x, n) => (
          <PdfField
            // biome-ignore lint/suspicious/noArrayIndexKey: deficiencies are printed in their order
            key={n}
            label={[x.deficiency ?? 'Deficiency', x.category ? `(${x.category})` : '']
              .filter(Boolean)
              .join(' ')}
            lines={[
              x.description,
              x.due_date ? `Correct by ${x.due_date}` : '',
              x.corrected_on ? `Corrected on ${x.corrected_on}` : 'Not corrected yet',
            ].filter(Boolean)}
          />
        ))}
      </PdfSection>
      {d.comments.length > 0 ? (
        <PdfSection title="Comments">
          {d.comments.map((c, n) => (
            <PdfField
              // biome-ignore lint/suspicious/noArrayIndexKey: comments are printed in their order
              key={n}
              label={`${c.date}${c.author ? `, ${c.author}` : ''}`}
              lines={c.comment.split('\n')}
            />
          ))}
        </PdfSection>
      ) : null}
      {d.fees.length > 0 ? (
        <PdfSection title="Extra fees">
          {d.fees.map((f, n) => (
            <PdfField
              // biome-ignore lint/suspicious/noArrayIndexKey: fees are printed in their order
              key={n}
              label={f.label ?? 'Fee'}
              lines={[`${f.quantity} × ${money(f.amount_cents / f.quantity)} = ${money(f.amount_cents)}`]}
            />
          ))}
          <PdfField label="Total" lines={[money(d.fees.reduce((s, f) => s + f.amount_cents, 0))]} />
        </PdfSection>
      ) : null}
      <PdfSection title="Outcome and signature">
        <PdfField label="Outcome" lines={[d.outcome ?? 'No outcome recorded']} />
        {d.notes ? <PdfField label="Notes" lines={d.notes.split('\n')} /> : null}
        <PdfField
          label="Signed by"
          lines={[
            d.signer ?? (d.signature ? '(name not given)' : 'Not signed'),
            d.signature ? signedHow(d.inPerson) : '',
          ].filter(Boolean)}
          image={d.signature ?? undefined}
        />
      </PdfSection>
    </PdfReport>
  );
}
