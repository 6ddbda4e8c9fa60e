import { manualPaymentMethods, paymentMethodLabels, type TransactionOutput } from '@licensure/contracts';
import { Alert, Button, Group, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { paymentsApi, paymentsKeys } from './payments-api';
import { dollarsText, newIdempotencyKey, parseDollars } from './payments-format';

type Manual = (typeof manualPaymentMethods)[number];

/**
 * How a payment was taken for the chosen requests: method (check, money order, cash), the amount
 * received (what they owe, until staff change it), the check or money order number, a note. Recorded
 * once however often it is submitted (one idempotency key for the form).
 */
export function RecordPaymentForm({
  items,
  dueCents,
  onRecorded,
}: {
  items: readonly string[];
  dueCents: number;
  onRecorded(t: TransactionOutput): void;
}) {
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<Manual>('check');
  const [amount, setAmount] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ items?: string; amount?: string; reference?: string }>({});
  const key = useRef(newIdempotencyKey());
  const record = useMutation({
    mutationFn: (cents: number) =>
      paymentsApi.record({
        items: [...items],
        method,
        amount_cents: cents,
        reference_number: reference.trim() || undefined,
        note: note.trim() || undefined,
        idempotency_key: key.current,
      }),
    onSuccess: (t) => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
      onRecorded(t);
    },
  });
  const amountText = amount ?? (dueCents > 0 ? dollarsText(dueCents) : '');
  const submit = () => {
    const cents = parseDollars(amountText);
    const next = {
      items: items.length === 0 ? 'Choose at least one request this payment is for.' : undefined,
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
    if (cents !== null && !next.items && !next.amount && !next.reference) record.mutate(cents);
  };
  return (
    <form
      noValidate
      aria-label="Payment received"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm" maw={480}>
        {errors.items ? (
          <Alert color="red" title="No request chosen" role="alert">
            {errors.items}
          </Alert>
        ) : null}
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
          label={method === 'cash' ? 'Cash receipt reference' : `${paymentMethodLabels[method]} number`}
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
  );
}
