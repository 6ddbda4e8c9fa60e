import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { Button, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

interface ItemButtonProps {
  /** The visible words: "Move up". */
  children: ReactNode;
  /** The rest of the accessible name, read but not shown: "question Full name". */
  context: string;
  focusKey: string;
  disabled?: boolean;
  /** Red words, for what removes something. */
  danger?: boolean;
  onClick(): void;
}

/** A small text button whose accessible name is its visible words plus what it acts on. */
export function ItemButton({ children, context, focusKey, disabled, danger, onClick }: ItemButtonProps) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      color={danger ? 'red' : undefined}
      // Mantine's light red text is 3.3:1 on white; shade 9 is 5.9:1.
      c={danger && !disabled ? 'var(--mantine-color-red-9)' : undefined}
      disabled={disabled}
      data-focus-key={focusKey}
      onClick={onClick}
    >
      {children}
      <VisuallyHidden> {context}</VisuallyHidden>
    </Button>
  );
}

interface DragHandleProps {
  label: string;
  focusKey: string;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
  setRef(element: HTMLElement | null): void;
}

/** The button that picks an item up, with the mouse or with Space or Enter and the arrow keys. */
export function DragHandle({ label, focusKey, attributes, listeners, setRef }: DragHandleProps) {
  return (
    <button
      type="button"
      className="fb-drag-handle"
      ref={setRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      data-focus-key={focusKey}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
}
