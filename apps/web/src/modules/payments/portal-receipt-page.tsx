import { Alert, Anchor, Button, Group, List, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { DetailList } from '../../platform/display/details';
import { formatDateTime } from '../responses/response-format';
import { paymentsApi, paymentsKeys } from './payments-api';
import { formatCents, receiptMessage } from './payments-format';
import { TestPaymentsNotice } from './test-payments-notice';

/**
 * `/portal/payments/receipt/:id`: where the gateway returns the payer: the payment's outcome, its
 * details, and each request it was for, paid or still owing.
 */
export function PortalReceiptPage() {
  const { id = '' } = useParams();
  const payment = useQuery({
    queryKey: paymentsKeys.transaction(id),
    queryFn: ({ signal }) => paymentsApi.transaction(id, signal),
  });
  const ids = payment.data?.license_request_ids ?? [];
  const totals = useQuery({
    queryKey: paymentsKeys.totals(ids),
    queryFn: ({ signal }) => paymentsApi.totals(ids, signal),
    enabled: ids.length > 0,
  });
  if (payment.isPending) return <LoadingState label="Loading the payment…" />;
  if (payment.isError)
    return (
      <ErrorState
        error={payment.error}
        title="The payment could not be loaded"
        onRetry={() => void payment.refetch()}
      />
    );
  const t = payment.data;
  const message = receiptMessage(t.state);
  return (
    <Stack gap="md">
      <PageHeader
        title={message.ok ? 'Receipt' : message.title}
        documentTitle={`${message.title} — receipt`}
      />
      {t.method === 'test' ? <TestPaymentsNotice /> : null}
      <Alert
        color={message.ok ? 'green' : 'yellow'}
        title={message.title}
        role={message.ok ? 'status' : 'alert'}
      >
        {message.text}
      </Alert>
      <Section id="receipt-details" title="Payment">
        <DetailList
          items={[
            { label: 'Amount', value: `${formatCents(t.amount_cents)} ${t.currency}` },
            { label: 'Paid by', value: t.method_label },
            { label: 'Receipt number', value: t.receipt_number ?? t.id },
            { label: 'Gateway reference', value: t.reference_number },
            {
              label: t.settled_at ? 'Paid on' : 'Started on',
              value: formatDateTime(t.settled_at ?? t.created_at),
            },
          ]}
        />
      </Section>
      <Section id="receipt-requests" title="Requests">
        {totals.isPending && ids.length > 0 ? <LoadingState label="Loading the requests…" /> : null}
        {totals.data ? (
          <List>
            {totals.data.items.map((i) => (
              <List.Item key={i.license_request_id}>
                <Anchor component={Link} to={`/portal/requests/${i.license_request_id}`}>
                  {i.license_name ?? 'Licence request'}
                </Anchor>
                : {i.due_cents === 0 ? 'Paid' : `${formatCents(i.due_cents)} still to pay`}
              </List.Item>
            ))}
          </List>
        ) : null}
      </Section>
      <Group>
        {message.ok ? (
          <Button component="a" href={`/api/transactions/${t.id}/receipt`} target="_blank" variant="outline">
            Receipt (PDF)
          </Button>
        ) : (
          <Button component={Link} to={`/portal/payments/checkout?items=${ids.join(',')}`}>
            Try the payment again
          </Button>
        )}
        <Anchor component={Link} to="/portal/requests">
          My requests
        </Anchor>
      </Group>
    </Stack>
  );
}
