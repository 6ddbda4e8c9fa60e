import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '../../platform/components/status';
import { paymentsApi, paymentsKeys } from './payments-api';
import { formatCents } from './payments-format';

/** The portal home's count of requests waiting for payment (the account's checkout_count), live. */
export function FeesSummary() {
  const session = useQuery({
    queryKey: paymentsKeys.session(),
    queryFn: ({ signal }) => paymentsApi.session(signal),
  });
  if (session.isPending) return <LoadingState label="Loading your fees…" />;
  if (session.isError)
    return (
      <ErrorState
        error={session.error}
        title="Your fees could not be loaded"
        onRetry={() => void session.refetch()}
      />
    );
  const due = session.data.payable;
  if (due.length === 0) return <Text>You have no fees to pay.</Text>;
  const total = due.reduce((s, p) => s + p.due_cents, 0);
  return (
    <>
      <Text>
        {due.length} {due.length === 1 ? 'request waits' : 'requests wait'} for payment: {formatCents(total)}{' '}
        in all.
      </Text>
      <Anchor component={Link} to="/portal/payments/checkout">
        Pay your fees
      </Anchor>
    </>
  );
}
