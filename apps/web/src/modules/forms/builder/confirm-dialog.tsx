import { Button, Group, Modal, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for what removes something. */
  danger?: boolean;
  children: ReactNode;
  onCancel(): void;
  onConfirm(): void;
}

/**
 * Asks before a step that loses work. Composed by hand, as the platform's DeleteDialog, so that the
 * header is not a second banner landmark.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, title, confirmLabel, cancelLabel = 'Cancel', danger = true, children } = props;
  return (
    <Modal.Root opened={opened} onClose={props.onCancel} centered>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title>{title}</Modal.Title>
          <Modal.CloseButton aria-label="Close" />
        </Modal.Header>
        <Modal.Body>
          <Text mb="md">{children}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={props.onCancel} data-autofocus>
              {cancelLabel}
            </Button>
            <Button color={danger ? 'red.9' : undefined} onClick={props.onConfirm}>
              {confirmLabel}
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
