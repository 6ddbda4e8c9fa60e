import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../platform/api/errors';
import { licensingApi } from './licensing-api';

interface DeleteRequestDialogProps {
  opened: boolean;
  requestId: string;
  onCancel(): void;
  onDeleted(): void;
}

/** Asks for the reason before a request is deleted (it is kept, marked deleted, with the reason). */
export function DeleteRequestDialog({ opened, requestId, onCancel, onDeleted }: DeleteRequestDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const remove = useMutation({
    mutationFn: () => licensingApi.remove(requestId, reason.trim()),
    onSuccess: onDeleted,
  });
  const confirm = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    remove.mutate();
  };
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Delete this request?</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">
            The request is kept with its history and marked deleted; it can no longer be changed or submitted.
          </Text>
          <Textarea
            label="Reason for deleting"
            required
            value={reason}
            error={missing && !reason.trim() ? 'Say why the request is deleted.' : undefined}
            onChange={(e) => setReason(e.currentTarget.value)}
            rows={3}
            mb="md"
            data-autofocus
          />
          {remove.isError ? (
            <Text c="var(--mantine-color-error)" mb="md" role="alert">
              {errorMessage(remove.error)}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={remove.isPending}>
              Delete request
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
