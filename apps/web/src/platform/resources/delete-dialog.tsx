import { Button, Group, Modal, Text } from '@mantine/core';

interface DeleteDialogProps {
  opened: boolean;
  /** "alert type" */
  singular: string;
  /** The record's name, quoted in the question. */
  name: string;
  busy: boolean;
  error?: string | null;
  onCancel(): void;
  onConfirm(): void;
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
  onCancel,
  onConfirm,
}: DeleteDialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>Delete this {singular}?</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">“{name}” will be deleted. This cannot be undone.</Text>
          {error ? (
            <Text c="var(--mantine-color-error)" mb="md" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color="red" onClick={onConfirm} loading={busy}>
              Delete
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
