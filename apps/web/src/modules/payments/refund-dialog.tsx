import type { TransactionOutput } from '@licensure/contracts';
import { Alert, Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { requiredLabelProps } from '../../platform/components/required-mark';
import { paymentsApi, paymentsKeys } from './payments-api';
import {
  dollarsText,
  formatCents,
  newIdempotencyKey,
  refundAmount,
  refundableCents,
} from './payments-format';

/**
 * Refunds a settled payment in full or in part, bounded by what is left; asks to confirm first.
 * Composed by hand, like the delete dialog, so its header is no second banner landmark.
 */
export function RefundDialog({
  payment,
  opened,
  onClose,
  onRefunded,
}: {
  payment: TransactionOutput;
  opened: boolean;
  onClose(): void;
  onRefunded(refund: TransactionOutput): void;
}) {
  const queryClient = useQueryClient();
  const left = refundableCents(payment);
  const [amount, setAmount] = useState(dollarsText(left));
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ amount?: string; reason?: string }>({});
  const [confirming, setConfirming] = useState<number | null>(null);
  // One key per dialog: a second click on "Refund" cannot refund twice.
  const key = useRef(newIdempotencyKey());
  const refund = useMutation({
    mutationFn: (cents: number) =>
      paymentsApi.refund(payment.id, {
        amount_cents: cents,
        reason: reason.trim(),
        idempotency_key: key.current,
      }),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: paymentsKeys.all });
      key.current = newIdempotencyKey();
      setConfirming(null);
      onRefunded(made);
    },
  });
  const check = () => {
    const parsed = refundAmount(amount, left);
    const next = {
      amount: parsed.error ?? undefined,
      reason: reason.trim() ? undefined : 'Say why the money is refunded.',
    };
    setErrors(next);
    if (parsed.cents !== null && !next.reason) setConfirming(parsed.cents);
  };
  return (
    <Modal.Root opened={opened} onClose={onClose} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{confirming === null ? 'Refund this payment' : 'Confirm the refund'}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {confirming === null ? (
            <Stack gap="sm">
              <Text>
                {formatCents(left)} of {formatCents(payment.amount_cents)} is left to refund.
              </Text>
              <TextInput
                label="Amount to refund (dollars)"
                {...requiredLabelProps(true)}
                value={amount}
                onChange={(e) => setAmount(e.currentTarget.value)}
                error={errors.amount}
                inputMode="decimal"
              />
              <Textarea
                label="Reason"
                {...requiredLabelProps(true)}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={errors.reason}
                maxLength={2000}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Cancel
                </Button>
                <Button onClick={check}>Continue</Button>
              </Group>
            </Stack>
          ) : (
            <Stack gap="sm">
              <Text>
                Refund {formatCents(confirming)} to {payment.payer_name ?? 'the payer'}? The refund is
                recorded as a transaction of its own and cannot be undone.
              </Text>
              {refund.isError ? (
                <Alert color="red" title="The refund was not made" role="alert">
                  {errorMessage(refund.error)}
                </Alert>
              ) : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirming(null)} disabled={refund.isPending}>
                  Back
                </Button>
                <Button color="red" onClick={() => refund.mutate(confirming)} loading={refund.isPending}>
                  Refund {formatCents(confirming)}
                </Button>
              </Group>
            </Stack>
          )}
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
