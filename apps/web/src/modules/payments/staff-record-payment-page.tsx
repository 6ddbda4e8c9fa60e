import { Alert, Anchor, Button, Checkbox, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../platform/components/page-header';
import { Section } from '../../platform/components/section';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { personName } from '../../platform/display/format';
import { useSignedIn } from '../../platform/session/session-provider';
import { hasPermission } from '../../platform/session/shell-state';
import { PersonFinder } from '../people/person-finder';
import { PAYMENTS_BASE, paymentsApi, paymentsKeys } from './payments-api';
import { basketFromSearch, formatCents } from './payments-format';
import { RecordPaymentForm } from './record-payment-form';

const idOf = (text: string | null) => basketFromSearch(new URLSearchParams({ items: text ?? '' }))[0] ?? null;

/** One request chosen on its own page (`?request=`): what it owes, and the form. */
function OneRequest({ requestId, onRecorded }: { requestId: string; onRecorded(id: string): void }) {
  const totals = useQuery({
    queryKey: paymentsKeys.totals([requestId]),
    queryFn: ({ signal }) => paymentsApi.totals([requestId], signal),
  });
  if (totals.isPending) return <LoadingState label="Loading the request's charges…" />;
  if (totals.isError)
    return (
      <ErrorState
        error={totals.error}
        title="The request could not be loaded"
        onRetry={() => void totals.refetch()}
      />
    );
  const item = totals.data.items[0];
  if (!item) return null;
  return (
    <Section id="payment" title={item.license_name ?? 'Licence request'}>
      <Text>
        Charges {formatCents(item.charges_cents)}, paid {formatCents(item.paid_cents)}, due{' '}
        <strong>{formatCents(item.due_cents)}</strong>.{' '}
        <Anchor component={Link} to={`/staff/requests/${item.license_request_id}`}>
          Open the request
        </Anchor>
      </Text>
      {totals.data.due_cents === 0 ? (
        <Alert color="blue" title="Nothing is owed" role="status">
          This request owes nothing: there is no payment to record.
        </Alert>
      ) : (
        <RecordPaymentForm
          items={[requestId]}
          dueCents={totals.data.due_cents}
          onRecorded={(t) => onRecorded(t.id)}
        />
      )}
    </Section>
  );
}

/** The payer chosen with the finder: their requests that owe money, ticked to pay, and the form. */
function PayersRequests({ userId, onRecorded }: { userId: string; onRecorded(id: string): void }) {
  const payable = useQuery({
    queryKey: [...paymentsKeys.all, 'payable', userId],
    queryFn: ({ signal }) => paymentsApi.payable(userId, signal),
  });
  const [chosen, setChosen] = useState<string[]>([]);
  if (payable.isPending) return <LoadingState label="Loading the person's requests…" />;
  if (payable.isError)
    return (
      <ErrorState
        error={payable.error}
        title="The person's requests could not be loaded"
        onRetry={() => void payable.refetch()}
      />
    );
  const { payable: open, person_name } = payable.data;
  const due = open
    .filter((p) => chosen.includes(p.license_request_id))
    .reduce((sum, p) => sum + p.due_cents, 0);
  return (
    <Section id="requests" title={`Requests of ${person_name ?? 'this person'} waiting for payment`}>
      {open.length === 0 ? (
        <Alert color="blue" title="Nothing is owed" role="status">
          {person_name ?? 'This person'} has no request with fees to pay.
        </Alert>
      ) : (
        <>
          <Stack gap="xs" role="group" aria-label="Requests this payment is for">
            {open.map((p) => (
              <Checkbox
                key={p.license_request_id}
                checked={chosen.includes(p.license_request_id)}
                onChange={(e) => {
                  const on = e.currentTarget.checked;
                  setChosen((now) =>
                    on ? [...now, p.license_request_id] : now.filter((id) => id !== p.license_request_id),
                  );
                }}
                label={`${p.license_name ?? 'Licence request'}: ${formatCents(p.due_cents)} due of ${formatCents(p.charges_cents)}`}
              />
            ))}
          </Stack>
          <Text>
            Due on the requests ticked: <strong>{formatCents(due)}</strong>
          </Text>
          <RecordPaymentForm
            key={chosen.join(',')}
            items={chosen}
            dueCents={due}
            onRecorded={(t) => onRecorded(t.id)}
          />
        </>
      )}
    </Section>
  );
}

/**
 * `/staff/payments/record`: records a check, money order or cash taken at the office. Staff find the
 * payer by last name and tick the requests it pays (`?person=`), or come from a request's own page
 * (`?request=`); settled at once, recorded once however often it is submitted.
 */
export function StaffRecordPaymentPage() {
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requestId = idOf(params.get('request'));
  const personId = idOf(params.get('person'));
  if (!hasPermission(viewer, 'payments.write')) return <ForbiddenPage />;
  const recorded = (id: string) => navigate(`${PAYMENTS_BASE}/${id}`);
  return (
    <Stack gap="md">
      <PageHeader
        title="Record a payment"
        description="A check, money order or cash received at the office for licence requests."
        actions={
          <Anchor component={Link} to={PAYMENTS_BASE}>
            Back to payments
          </Anchor>
        }
      />
      {requestId ? <OneRequest requestId={requestId} onRecorded={recorded} /> : null}
      {!requestId ? (
        <Section id="payer" title="Who paid">
          <PersonFinder
            label="Find the payer, by last name"
            purpose="payment-payer"
            nobody={(lastName) => `Nobody has a last name starting with “${lastName}”.`}
            action={(p) =>
              p.id === personId ? (
                <Text size="sm">Chosen</Text>
              ) : (
                <Button
                  size="compact-sm"
                  variant="outline"
                  onClick={() => setParams({ person: p.id })}
                  aria-label={`Choose ${personName(p)}`}
                >
                  Choose
                </Button>
              )
            }
          />
        </Section>
      ) : null}
      {!requestId && personId ? (
        <PayersRequests key={personId} userId={personId} onRecorded={recorded} />
      ) : null}
    </Stack>
  );
}
