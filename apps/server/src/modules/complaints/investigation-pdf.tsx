import type { ComplaintOutput, InvestigationOutput } from '@licensure/contracts';
import { Text } from '@react-pdf/renderer';
import { PdfField, PdfReport, PdfSection, pdfStyles } from '../../platform/pdf/components';
import { pdfText } from '../../platform/pdf/text';

export interface InvestigationFile {
  enterpriseName: string;
  complaint: ComplaintOutput;
  investigation: InvestigationOutput;
  investigators: string[];
  activities: {
    activity_date: string;
    activity_type: string | null;
    description: string;
    performed_by_name: string | null;
    in_investigation: boolean;
  }[];
  monitoring: {
    action: string | null;
    start_date: string | null;
    end_date: string | null;
    notes: string | null;
  }[];
  printedBy: string;
}

const outcomeWords: Record<string, string> = {
  none: 'No outcome yet',
  dismissed: 'Dismissed',
  reprimand: 'Reprimand',
  probation: 'Probation',
  suspension: 'Suspension',
  revocation: 'Revocation',
};

/** The investigation file: the complaint, who investigates, the activity timeline, monitoring and the outcome. */
export function investigationDocument(f: InvestigationFile) {
  const c = f.complaint;
  const i = f.investigation;
  const complainant = [c.complainant_first_name, c.complainant_last_name].filter(Boolean).join(' ');
  return (
    <PdfReport
      title={`Investigation file: complaint ${c.number ?? ''}`}
      subtitle={`${f.enterpriseName} · Confidential`}
      author={f.enterpriseName}
      footer={`Confidential investigation file, printed by ${f.printedBy}`}
      facts={[
        { label: 'Complaint', value: c.number },
        { label: 'Subject', value: c.linked_subject_name ?? c.subject_name },
        { label: 'As reported', value: c.subject_name },
        { label: 'Category', value: c.category },
        { label: 'Complaint status', value: c.status },
        { label: 'Investigation', value: i.status },
        { label: 'Opened', value: i.opened_at.slice(0, 10) },
        { label: 'Investigators', value: f.investigators.join(', ') },
        { label: 'Outcome', value: outcomeWords[i.outcome] ?? i.outcome },
      ]}
    >
      <PdfSection title="Complaint">
        <PdfField label="Complainant" lines={[complainant || '(not given)', c.complainant_email ?? '']} />
        <PdfField
          label="Incident"
          lines={[c.incident_date ?? '', c.incident_location ?? ''].filter(Boolean)}
        />
        <PdfField label="Description" lines={c.description.split('\n')} />
      </PdfSection>
      <PdfSection title="Activities">
        {f.activities.length === 0 ? <Text style={pdfStyles.note}>No activity logged.</Text> : null}
        {f.activities.map((a, n) => (
          <PdfField
            // biome-ignore lint/suspicious/noArrayIndexKey: activities are printed in their order
            key={n}
            label={`${a.activity_date} ${a.activity_type ?? 'Activity'}${a.in_investigation ? ' (investigation)' : ''}`}
            lines={[a.description, a.performed_by_name ? `by ${a.performed_by_name}` : ''].filter(Boolean)}
          />
        ))}
      </PdfSection>
      {f.monitoring.length > 0 ? (
        <PdfSection title="Monitoring">
          {f.monitoring.map((m, n) => (
            <PdfField
              // biome-ignore lint/suspicious/noArrayIndexKey: monitoring actions are printed in their order
              key={n}
              label={m.action ?? 'Monitoring action'}
              lines={[[m.start_date, m.end_date].filter(Boolean).join(' to '), m.notes ?? ''].filter(Boolean)}
            />
          ))}
        </PdfSection>
      ) : null}
      <PdfSection title="Findings and outcome">
        <PdfField label="Summary" lines={[i.summary ?? '(none)']} />
        <PdfField label="Findings" lines={(i.findings ?? '(none)').split('\n')} />
        <PdfField
          label="Outcome"
          lines={[
            `${outcomeWords[i.outcome] ?? i.outcome}${i.outcome_date ? ` on ${i.outcome_date}` : ''}`,
            i.outcome_public ? 'Public disciplinary action' : 'Not public',
          ]}
        />
      </PdfSection>
      <Text style={pdfStyles.note}>
        {pdfText('This file is confidential. Do not share it with the subject.')}
      </Text>
    </PdfReport>
  );
}
