import { formatCents, type TransactionOutput } from '@licensure/contracts';
import { type Db, enterprises, licenseRequests, licenses, transactionAllocations } from '@licensure/db';
import { and, eq, inArray } from 'drizzle-orm';
import { PdfField, PdfReport, PdfSection } from '../../platform/pdf/components';
import { renderPdf } from '../../platform/pdf/render-pdf';

const when = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : null);

/**
 * A settled payment's or refund's receipt as a PDF: the office, the payer, the amount, how it was paid
 * and each licence request it was for (with the amount allocated to it, when it was allocated).
 */
export async function receiptPdf(db: Db, enterpriseId: string, t: TransactionOutput): Promise<Buffer> {
  const [office] = await db
    .select({ name: enterprises.name })
    .from(enterprises)
    .where(eq(enterprises.id, enterpriseId));
  const ids = t.license_request_ids;
  const requests =
    ids.length === 0
      ? []
      : await db
          .select({ id: licenseRequests.id, licence: licenses.name })
          .from(licenseRequests)
          .leftJoin(licenses, eq(licenses.id, licenseRequests.license_id))
          .where(and(inArray(licenseRequests.id, ids), eq(licenseRequests.enterprise_id, enterpriseId)));
  const allocated = await db
    .select()
    .from(transactionAllocations)
    .where(eq(transactionAllocations.transaction_id, t.id));
  const refund = t.kind === 'refund';
  return renderPdf(
    <PdfReport
      title={refund ? 'Refund receipt' : 'Payment receipt'}
      subtitle={office?.name ?? undefined}
      author={office?.name ?? undefined}
      footer={`Receipt ${t.receipt_number ?? t.id}`}
      facts={[
        { label: 'Receipt number', value: t.receipt_number ?? t.id },
        { label: refund ? 'Refunded to' : 'Paid by', value: t.payer_name },
        { label: 'Amount', value: `${formatCents(t.amount_cents)} ${t.currency}` },
        { label: 'Method', value: t.method_label },
        { label: 'Reference', value: t.reference_number },
        { label: refund ? 'Refunded on' : 'Paid on', value: when(t.settled_at) },
        { label: 'Status', value: t.transaction_status },
      ]}
    >
      <PdfSection title="Licence requests">
        {requests.length === 0 ? (
          <PdfField label="Requests" lines={['This transaction names no licence request.']} />
        ) : (
          requests.map((r) => {
            const cents = allocated
              .filter((a) => a.license_request_id === r.id)
              .reduce((s, a) => s + a.amount_cents, 0);
            return (
              <PdfField
                key={r.id}
                label={r.licence ?? 'Licence request'}
                lines={[`Request ${r.id}`, ...(cents > 0 ? [`Amount: ${formatCents(cents)}`] : [])]}
              />
            );
          })
        )}
      </PdfSection>
      {t.note ? (
        <PdfSection title={refund ? 'Reason' : 'Note'}>
          <PdfField label={refund ? 'Reason' : 'Note'} lines={t.note.split('\n')} />
        </PdfSection>
      ) : null}
    </PdfReport>,
  );
}
