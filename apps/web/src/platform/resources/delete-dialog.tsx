import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { requiredLabelProps } from '../components/required-mark';

interface DeleteDialogProps {
  opened: boolean;
  /** "alert type" */
  singular: string;
  /** The record's name, quoted in the question. */
  name: string;
  busy: boolean;
  error?: string | null;
  /** The record is kept with its history: deleting it needs a reason, which is stored. */
  askReason?: boolean;
  onCancel(): void;
  onConfirm(reason?: string): void;
}

/**
 * Asks before deleting; the dialog's own "Delete" button does it. Composed by hand because the stock
 * Modal header is a <header> element, which would make a second banner landmark next to the page's.
 */
export function DeleteDialog({
  opened,
  singular,
  name,
  busy,
  error,
  askReason,
  onCancel,
  onConfirm,
}: DeleteDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const confirm = () => {
    if (askReason && !reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(askReason ? reason.trim() : undefined);
  };
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Delete this {singular}?</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          {askReason ? (
            <>
              <Text mb="md">
                “{name}” will be deleted. It is kept, marked deleted, with the reason you give.
              </Text>
              <Textarea
                label="Reason"
                {...requiredLabelProps(true)}
                value={reason}
                onChange={(event) => {
                  setReason(event.currentTarget.value);
                  setMissing(false);
                }}
                error={missing ? 'Say why it is deleted.' : undefined}
                maxLength={1000}
                autosize
                minRows={2}
                mb="md"
              />
            </>
          ) : (
            <Text mb="md">“{name}” will be deleted. This cannot be undone.</Text>
          )}
          {error ? (
            <Text c="var(--mantine-color-error)" mb="md" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={busy}>
              Delete
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
