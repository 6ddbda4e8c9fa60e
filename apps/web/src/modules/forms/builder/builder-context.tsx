import type { FormDefinition } from '@licensure/contracts';
import { createContext, type Dispatch, type ReactNode, useContext } from 'react';
import type { DraftAction } from '../draft/draft-reducer';
import type { ItemKind, LocatedError } from '../draft/field-errors';

export type Selection = { kind: 'group' | 'question'; id: string } | null;

export interface BuilderContextValue {
  form: FormDefinition;
  dispatch: Dispatch<DraftAction>;
  selection: Selection;
  /** Selects a group or question (showing its page) and, when asked, moves focus to its properties. */
  select(selection: Selection, focusPanel?: boolean): void;
  errors: readonly LocatedError[];
  /** Forgets the error of a field once it is edited. */
  clearError(kind: ItemKind, id: string, field: string): void;
  /** Shows a page of the form (after moving something onto it). */
  showPage(pageId: string): void;
  /** Says something in the builder's polite live region. */
  announce(message: string): void;
  /** The name of a question kind as the palette shows it. */
  kindLabel(kind: string): string;
  /** The viewer may not change forms: nothing is added, moved, removed or edited. */
  readOnly: boolean;
}

export const BuilderContext = createContext<BuilderContextValue | null>(null);

/**
 * A borderless fieldset that disables every control inside it when the builder is read-only, so a
 * reader sees the values but cannot change them (as the licence editor does).
 */
export function EditableFields({ children }: { children: ReactNode }) {
  const { readOnly } = useBuilder();
  return (
    <fieldset className="fb-fieldset" disabled={readOnly}>
      {children}
    </fieldset>
  );
}

export function useBuilder(): BuilderContextValue {
  const value = useContext(BuilderContext);
  if (!value) throw new Error('useBuilder outside the form builder');
  return value;
}

/**
 * Moves focus to the element marked `data-focus-key` (or the first of the fallbacks that is there and
 * enabled) once it is on screen. A move may rebuild a page over a few renders, so for a few frames it
 * tries again while the element is missing or the focus has fallen back to the page (never taking it
 * from another control the person moved to).
 */
export function focusSoon(key: string, fallbacks: readonly string[] = [], frames = 12): void {
  requestAnimationFrame(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    let target: HTMLElement | null = null;
    for (const k of [key, ...fallbacks]) {
      const element = document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(k)}"]`);
      if (element && !element.hasAttribute('disabled')) {
        target = element;
        break;
      }
    }
    if (target && (lost || frames === 12) && document.activeElement !== target) target.focus();
    const settled = target !== null && document.activeElement === target;
    if (frames > 1 && (!settled || frames > 9)) focusSoon(key, fallbacks, frames - 1);
  });
}
