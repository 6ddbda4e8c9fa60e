import type { LicenseRequestDetail } from '@licensure/contracts';
import { Table, Text, Timeline, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../platform/display/format';
import { type Column, DataTable } from '../../platform/list/data-table';

import { formatDateTime } from '../responses/response-format';
import { formatMoney, requestProgressLabel } from './licensing-format';

type Charge = LicenseRequestDetail['charges'][number];
type HistoryEntry = LicenseRequestDetail['history'][number];
type ProcessStatus = LicenseRequestDetail['process_statuses'][number];

/** The request's state in words: its status and whether it is a draft or submitted (and when). */
export function requestStateText(
  r: Pick<LicenseRequestDetail, 'status_label' | 'progress' | 'completed_on'>,
) {
  const progress = requestProgressLabel(r.progress);
  const when = r.completed_on ? ` on ${formatDateTime(r.completed_on)}` : '';
  return `${r.status_label ? `Status: ${r.status_label}. ` : ''}${progress}${progress === 'Submitted' ? when : ''}.`;
}

/** The charges of a request with their total, in dollars. */
export function ChargesTable({ charges, totalCents }: { charges: readonly Charge[]; totalCents: number }) {
  if (charges.length === 0)
    return (
      <Text>
        No charges yet: they are worked out from the application types you choose when the request is
        submitted.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table withTableBorder captionSide="top">
        <Table.Caption>
          <VisuallyHidden>Charges</VisuallyHidden>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Charge</Table.Th>
            <Table.Th scope="col">Quantity</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Paid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charges.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Th scope="row" fw="normal">
                {c.description}
              </Table.Th>
              <Table.Td>{c.quantity}</Table.Td>
              <Table.Td>{formatMoney(c.amount_cents)}</Table.Td>
              <Table.Td>{c.paid ? 'Paid' : 'Not paid'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td />
            <Table.Td fw={700}>{formatMoney(totalCents)}</Table.Td>
            <Table.Td />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

const historyKinds: Record<string, string> = {
  created: 'Started',
  submitted: 'Submitted',
  status: 'Status changed',
  process: 'Process status changed',
  approved: 'Approved',
  issued: 'Approved and credential issued',
  deleted: 'Deleted',
  denied: 'Denied',
  returned: 'Returned for corrections',
  info_requested: 'More information requested',
  info_answered: 'Information sent',
  withdrawn: 'Withdrawn',
  note: 'Note',
  message: 'Message from staff',
  assigned: 'Checkout',
};

/** What a decision names: the forms and fields to fix, the information asked, the document sent. */
function historyDetails(h: HistoryEntry): string[] {
  const d = h.details;
  if (!d) return [];
  const lines: string[] = [];
  if (d.forms?.length) lines.push(`Forms to fix: ${d.forms.map((f) => f.form_name).join(', ')}`);
  if (d.fields?.length) lines.push(`Fields to fix: ${d.fields.join(', ')}`);
  if (d.info_kind) lines.push(`Asked for: ${d.info_kind === 'document' ? 'a document' : 'an answer'}`);
  if (d.document_name) lines.push(`Document sent: ${d.document_name}`);
  for (const effect of d.effects ?? []) lines.push(effect);
  if (d.override) lines.push(`Approved over ${d.override.blockers.join('; ')}. Reason: ${d.override.reason}`);
  return lines;
}

function historyTitle(h: HistoryEntry): string {
  const kind = historyKinds[h.kind] ?? h.kind.replaceAll('_', ' ');
  if (h.process_label && h.process_status_label)
    return `${kind}: ${h.process_label} — ${h.process_status_label}`;
  if (h.status_label) return `${kind}: ${h.status_label}`;
  return kind;
}

/** The request's history, oldest first, with who did what and the notes. */
export function HistoryTimeline({ history }: { history: readonly HistoryEntry[] }) {
  if (history.length === 0) return <Text>Nothing has happened yet.</Text>;
  const ordered = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Timeline active={ordered.length - 1} bulletSize={14} lineWidth={2} aria-label="History">
      {ordered.map((h) => (
        <Timeline.Item key={h.id} title={h.internal ? `${historyTitle(h)} (internal)` : historyTitle(h)}>
          <Text size="sm" c="dimmed">
            {formatDateTime(h.at)}
            {h.user_name ? ` by ${h.user_name}` : ''}
          </Text>
          {h.note ? (
            <Text size="sm">
              {h.internal ? `Internal note${h.concern ? ' (concern)' : ''}, staff only: ` : 'Note: '}
              {h.note}
            </Text>
          ) : null}
          {historyDetails(h).map((line) => (
            <Text size="sm" key={line}>
              {line}
            </Text>
          ))}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

const processColumns: readonly Column<ProcessStatus>[] = [
  { key: 'process', header: 'Process', render: (p) => p.process_label },
  { key: 'status', header: 'Status', render: (p) => p.process_status_label },
  { key: 'updated', header: 'Changed', render: (p) => formatDateTime(p.updated_at) },
];

export function ProcessStatusesTable({ rows }: { rows: readonly ProcessStatus[] }) {
  if (rows.length === 0) return <Text>No process has a status yet.</Text>;
  return (
    <DataTable caption="Process statuses" columns={processColumns} rows={rows} rowKey={(p) => p.process_id} />
  );
}

type Certification = LicenseRequestDetail['certifications'][number];
const certificationColumns: readonly Column<Certification>[] = [
  { key: 'number', header: 'Number', render: (c) => c.number },
  { key: 'status', header: 'Status', render: (c) => c.status },
  { key: 'expires', header: 'Expires', render: (c) => formatDate(c.expiration_date) },
];

export function IssuedCredentials({ rows }: { rows: readonly Certification[] }) {
  return (
    <DataTable caption="Credentials issued" columns={certificationColumns} rows={rows} rowKey={(c) => c.id} />
  );
}
