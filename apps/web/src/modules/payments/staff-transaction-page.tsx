import { Alert, Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { DetailList } from '../../platform/display/details';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { formatDateTime } from '../responses/response-format';
import { PAYMENTS_BASE, paymentsApi, paymentsKeys } from './payments-api';
import { formatCents, refundableCents, stateLabels } from './payments-format';
import { RefundDialog } from './refund-dialog';

/** `/staff/payments/:id`: one payment or refund, the requests it paid, its refunds, and refunding it. */
export function StaffTransactionPage() {
  const { id = '' } = useParams();
  const { viewer } = useSignedIn();
  const [refunding, setRefunding] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const allowed = hasPermission(viewer, 'payments.read');
  const one = useQuery({
    queryKey: paymentsKeys.transaction(id),
    queryFn: ({ signal }) => paymentsApi.transaction(id, signal),
    enabled: allowed,
  });
  const refundsQuery = { refund_of_id: id, numPerPage: 100, sortBy: 'created_at' };
  const refunds = useQuery({
    queryKey: paymentsKeys.transactions(refundsQuery),
    queryFn: ({ signal }) => paymentsApi.transactions(refundsQuery, signal),
    enabled: allowed && one.data?.kind === 'payment' && (one.data?.refunded_cents ?? 0) > 0,
  });
  const requestIds = one.data?.license_request_ids ?? [];
  const owed = useQuery({
    queryKey: paymentsKeys.totals(requestIds),
    queryFn: ({ signal }) => paymentsApi.totals(requestIds, signal),
    enabled: allowed && requestIds.length > 0,
  });
  if (!allowed) return <ForbiddenPage />;
  if (one.isPending) return <LoadingState label="Loading the transaction…" />;
  if (one.isError)
    return (
      <ErrorState
        error={one.error}
        title="The transaction could not be loaded"
        onRetry={() => void one.refetch()}
      />
    );
  const t = one.data;
  const left = refundableCents(t);
  const title = `${t.kind === 'refund' ? 'Refund' : 'Payment'} of ${formatCents(t.amount_cents)}`;
  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={`${t.method_label} — ${stateLabels[t.state]}`}
        actions={
          <Anchor component={Link} to={PAYMENTS_BASE}>
            Back to payments
          </Anchor>
        }
      />
      {done ? (
        <Alert color="green" title="Refund made" role="status">
          {done}
        </Alert>
      ) : null}
      <Section id="transaction" title="Details">
        <DetailList
          items={[
            { label: 'Payer', value: t.payer_name },
            { label: 'Kind', value: t.kind === 'refund' ? 'Refund' : 'Payment' },
            { label: 'Method', value: t.method_label },
            { label: 'State', value: stateLabels[t.state] },
            { label: 'Status', value: t.transaction_status },
            { label: 'Amount', value: `${formatCents(t.amount_cents)} ${t.currency}` },
            { label: 'Refunded so far', value: t.kind === 'payment' ? formatCents(t.refunded_cents) : null },
            { label: 'Receipt number', value: t.receipt_number },
            { label: 'Reference number', value: t.reference_number },
            { label: 'Note', value: t.note },
            { label: 'Settled', value: formatDateTime(t.settled_at) },
            { label: 'Recorded', value: formatDateTime(t.created_at) },
          ]}
        />
        {t.state === 'settled' ? (
          <Anchor href={`/api/transactions/${t.id}/receipt`} target="_blank">
            Receipt (PDF)
          </Anchor>
        ) : null}
        {t.refund_of_id ? (
          <Anchor component={Link} to={`${PAYMENTS_BASE}/${t.refund_of_id}`}>
            The payment this refunds
          </Anchor>
        ) : null}
      </Section>
      <Section id="transaction-requests" title="Licence requests">
        {t.license_request_ids.length === 0 ? <Text>This transaction names no request.</Text> : null}
        <List>
          {t.license_request_ids.map((r) => {
            const item = owed.data?.items.find((i) => i.license_request_id === r);
            return (
              <List.Item key={r}>
                <Anchor component={Link} to={`/staff/requests/${r}`}>
                  {item?.license_name || `Request ${r.slice(0, 8)}`}
                </Anchor>
                {item
                  ? ` — ${item.due_cents === 0 ? 'nothing owed' : `${formatCents(item.due_cents)} still owed`}`
                  : ''}
              </List.Item>
            );
          })}
        </List>
      </Section>
      {refunds.data && refunds.data.items.length > 0 ? (
        <Section id="transaction-refunds" title="Refunds">
          <List>
            {refunds.data.items.map((r) => (
              <List.Item key={r.id}>
                <Anchor component={Link} to={`${PAYMENTS_BASE}/${r.id}`}>
                  {formatCents(r.amount_cents)} on {formatDateTime(r.settled_at ?? r.created_at)}
                </Anchor>
                {r.note ? ` — ${r.note}` : ''}
              </List.Item>
            ))}
          </List>
        </Section>
      ) : null}
      {hasPermission(viewer, 'payments.refund') && left > 0 ? (
        <Group>
          <Button color="red" variant="outline" onClick={() => setRefunding(true)}>
            Refund
          </Button>
        </Group>
      ) : null}
      {refunding ? (
        <RefundDialog
          payment={t}
          opened={refunding}
          onClose={() => setRefunding(false)}
          onRefunded={(made) => {
            setRefunding(false);
            setDone(`${formatCents(made.amount_cents)} was refunded.`);
          }}
        />
      ) : null}
    </Stack>
  );
}
