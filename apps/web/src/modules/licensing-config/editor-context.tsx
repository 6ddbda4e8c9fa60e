import { ActionIcon, Group } from '@mantine/core';
import { createContext, type ReactNode, useContext } from 'react';
import type { LicenseDraft } from './license-draft';
import { type FieldErrors, inputId } from './license-draft-paths';

export interface EditorState {
  draft: LicenseDraft;
  change(update: (draft: LicenseDraft) => LicenseDraft): void;
  errors: FieldErrors;
  canWrite: boolean;
  /** Asks before a removal; runs `onConfirm` when the user agrees. */
  confirm(request: { title: string; message: string; confirmLabel: string; onConfirm(): void }): void;
}

export const EditorContext = createContext<EditorState | null>(null);

export function useEditor(): EditorState {
  const state = useContext(EditorContext);
  if (!state) throw new Error('useEditor outside the licence editor');
  return state;
}

/** The id and error props of the input of a payload path. */
export function useField(path: string): { id: string; error: string | undefined } {
  const { errors } = useEditor();
  return { id: inputId(path), error: errors[path] };
}

/** Replaces the member at `index` of a list with `patch` applied. */
export function patchAt<T>(list: readonly T[], index: number, patch: Partial<T>): T[] {
  return list.map((item, i) => (i === index ? { ...item, ...patch } : item));
}

/** The list with the member at `index` moved by `by` places (kept in bounds). */
export function moveAt<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}

/** Move up, move down and remove buttons of a row, named after the row ("request status 2"). */
export function RowButtons({
  name,
  first,
  last,
  onMove,
  onRemove,
  disabled,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove?(by: -1 | 1): void;
  onRemove(): void;
  disabled?: boolean;
}): ReactNode {
  return (
    <Group gap={4} wrap="nowrap">
      {onMove ? (
        <>
          <ActionIcon
            variant="default"
            disabled={disabled || first}
            onClick={() => onMove(-1)}
            aria-label={`Move ${name} up`}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            disabled={disabled || last}
            onClick={() => onMove(1)}
            aria-label={`Move ${name} down`}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
        </>
      ) : null}
      <ActionIcon
        variant="default"
        color="red"
        disabled={disabled}
        onClick={onRemove}
        aria-label={`Remove ${name}`}
      >
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Group>
  );
}
