import { Button, Group, Modal, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error?: string | null;
  danger?: boolean;
  onCancel(): void;
  onConfirm(): void;
}

/** Asks before an action that changes a response; the dialog's own button does it (Cancel has focus). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <Modal.Root opened={props.opened} onClose={props.onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        {/* A <div> header: the stock <header> would make a second banner landmark. */}
        <Modal.Header component="div">
          <Modal.Title>{props.title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">{props.message}</Text>
          {props.error ? (
            <Text c="var(--mantine-color-error)" mb="md" role="alert">
              {props.error}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onCancel} data-autofocus>
              Cancel
            </Button>
            <Button color={props.danger ? 'red' : undefined} onClick={props.onConfirm} loading={props.busy}>
              {props.confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
