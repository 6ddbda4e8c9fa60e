import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../platform/api/errors';
import { useSignedIn } from '../../platform/session/session-provider';
import { ConfirmDialog } from '../responses/confirm-dialog';
import { inspectionKeys, inspectionsApi } from './inspections-api';
import { keepBundle } from './offline/field-store';

/**
 * Checks a visit out to this device: the checkout is recorded, then everything the visit needs is
 * downloaded into IndexedDB. A visit another inspector holds is taken over only after confirming.
 */
export function CheckoutButton({ visitId, onDone }: { visitId: string; onDone?: (message: string) => void }) {
  const { account } = useSignedIn();
  const client = useQueryClient();
  const [askTakeOver, setAskTakeOver] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const checkout = useMutation({
    mutationFn: async (takeOver: boolean) => {
      const log = await inspectionsApi.checkout(visitId, takeOver);
      const bundle = await inspectionsApi.bundle(visitId);
      await keepBundle(bundle, account?.id ?? '', log);
      return bundle;
    },
    onSuccess: (bundle) => {
      setAskTakeOver(false);
      const done = `Checked out: ${bundle.inspections.length} ${bundle.inspections.length === 1 ? 'inspection is' : 'inspections are'} on this device, ready to work on without a connection.`;
      // The page that shows the button may replace it once the checkout is seen: it shows the message then.
      if (onDone) onDone(done);
      else setMessage(done);
      void client.invalidateQueries({ queryKey: inspectionKeys.all });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409 && !askTakeOver) setAskTakeOver(true);
      else setMessage(errorMessage(error));
    },
  });
  return (
    <>
      <Button onClick={() => checkout.mutate(false)} loading={checkout.isPending && !askTakeOver}>
        Check out for field work
      </Button>
      {message ? (
        <Text size="sm" role="status">
          {message}
        </Text>
      ) : null}
      <ConfirmDialog
        opened={askTakeOver}
        title="Take this visit over?"
        message="Another inspector has checked this visit out. Taking it over ends their checkout: changes they have not uploaded yet will be refused and shown to them as conflicts."
        confirmLabel="Take it over"
        busy={checkout.isPending}
        error={checkout.isError && askTakeOver ? errorMessage(checkout.error) : null}
        onCancel={() => setAskTakeOver(false)}
        onConfirm={() => checkout.mutate(true)}
      />
    </>
  );
}
