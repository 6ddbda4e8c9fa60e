import { manualPaymentMethods, paymentMethodLabels } from '@licensure/contracts';
import { Alert, Anchor, Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSignedIn } from '../../app/session-provider';
import { errorMessage } from '../../platform/api/errors';
import { PageHeader } from '../../platform/components/page-header';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { ErrorState, ForbiddenPage, LoadingState } from '../../platform/components/status';
import { hasPermission } from '../../platform/session/shell-state';
import { Section } from '../licensing/request-parts';
import { PAYMENTS_BASE, paymentsApi, paymentsKeys } from './payments-api';
import {
  basketFromSearch,
  dollarsText,
  formatCents,
  newIdempotencyKey,
  parseDollars,
} from './payments-format';

type Manual = (typeof manualPaymentMethods)[number];

/** The request to pay: from the address (`?request=`), or typed/pasted by staff. */
function RequestChooser({ onChoose }: { onChoose(id: string): void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Section id="choose-request" title="Which request">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const [id] = basketFromSearch(new URLSearchParams({ items: text }));
          if (id) onChoose(id);
          else
            setError(
              'Enter the id of a licence request (open the request and use “Record a payment” there).',
            );
        }}
      >
        <Group align="flex-end">
          <TextInput
            label="Licence request id"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            w={380}
          />
          <Button type="submit" variant="outline">
            Find the request
          </Button>
        </Group>
      </form>
    </Section>
  );
}

/**
 * `/staff/payments/record?request=…`: records a check, money order or cash taken for a request, with
 * its reference number; settled at once, recorded once however often it is submitted.
 */
export function StaffRecordPaymentPage() {
  const { viewer } = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const requestId = basketFromSearch(new URLSearchParams({ items: params.get('request') ?? '' }))[0] ?? null;
  const allowed = hasPermission(viewer, 'payments.write');
  const totals = useQuery({
    queryKey: paymentsKeys.totals(requestId ? [requestId] : []),
    queryFn: ({ signal }) => paymentsApi.totals(requestId ? [requestId] : [], signal),
    enabled: allowed && !!requestId,
  });
  const [method, setMethod] = useState<Manual>('check');
  const [amount, setAmount] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reference?: string }>({});
  const key = useRef(newIdempotencyKey());
  const record = useMutation({
    mutationFn: (cents: number) =>
      paymentsApi.record({
        items: [requestId!],
        method,
        amount_cents: cents,
        reference_number: reference.trim() || undefined,
        note: note.trim() || undefined,
        idempotency_key: key.current,
      }),
    onSuccess: (t) => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
      navigate(`${PAYMENTS_BASE}/${t.id}`);
    },
  });
  if (!allowed) return <ForbiddenPage />;
  const due = totals.data?.due_cents ?? 0;
  const amountText = amount ?? (totals.data ? dollarsText(due) : '');
  const submit = () => {
    const cents = parseDollars(amountText);
    const next = {
      amount:
        cents === null || cents < 1
          ? 'Enter the amount received in dollars and cents, such as 50.00.'
          : undefined,
      reference:
        method !== 'cash' && !reference.trim()
          ? `Enter the ${paymentMethodLabels[method].toLowerCase()} number.`
          : undefined,
    };
    setErrors(next);
    if (cents !== null && cents >= 1 && !next.reference) record.mutate(cents);
  };
  const item = totals.data?.items[0];
  return (
    <Stack gap="md">
      <PageHeader
        title="Record a payment"
        description="A check, money order or cash received at the office for a licence request."
        actions={
          <Anchor component={Link} to={PAYMENTS_BASE}>
            Back to payments
          </Anchor>
        }
      />
      {!requestId ? <RequestChooser onChoose={(id) => setParams({ request: id })} /> : null}
      {requestId && totals.isPending ? <LoadingState label="Loading the request's charges…" /> : null}
      {totals.isError ? (
        <ErrorState
          error={totals.error}
          title="The request could not be loaded"
          onRetry={() => void totals.refetch()}
        />
      ) : null}
      {item && totals.data ? (
        <Section id="payment" title={item.license_name ?? 'Licence request'}>
          <Text>
            Charges {formatCents(item.charges_cents)}, paid {formatCents(item.paid_cents)}, due{' '}
            <strong>{formatCents(item.due_cents)}</strong>.{' '}
            <Anchor component={Link} to={`/staff/requests/${item.license_request_id}`}>
              Open the request
            </Anchor>
          </Text>
          {due === 0 ? (
            <Alert color="blue" title="Nothing is owed" role="status">
              This request owes nothing: there is no payment to record.
            </Alert>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <Stack gap="sm" maw={480}>
                <Select
                  label="Method"
                  {...requiredLabelProps(true)}
                  data={manualPaymentMethods.map((m) => ({ value: m, label: paymentMethodLabels[m] }))}
                  value={method}
                  onChange={(v) => v && setMethod(v as Manual)}
                  allowDeselect={false}
                />
                <TextInput
                  label="Amount received (dollars)"
                  {...requiredLabelProps(true)}
                  value={amountText}
                  onChange={(e) => setAmount(e.currentTarget.value)}
                  error={errors.amount}
                  inputMode="decimal"
                />
                <TextInput
                  label={method === 'cash' ? 'Receipt number' : `${paymentMethodLabels[method]} number`}
                  {...requiredLabelProps(method !== 'cash')}
                  value={reference}
                  onChange={(e) => setReference(e.currentTarget.value)}
                  error={errors.reference}
                  maxLength={100}
                />
                <Textarea
                  label="Note"
                  value={note}
                  onChange={(e) => setNote(e.currentTarget.value)}
                  maxLength={2000}
                />
                {record.isError ? (
                  <Alert color="red" title="The payment was not recorded" role="alert">
                    {errorMessage(record.error)}
                  </Alert>
                ) : null}
                <Group>
                  <Button type="submit" loading={record.isPending}>
                    Record payment
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Section>
      ) : null}
    </Stack>
  );
}
