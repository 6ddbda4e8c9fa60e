import { Alert } from '@mantine/core';
import { useState } from 'react';

export type Flash = { text: string; error: boolean } | null;

/** The rows chosen for a batch action. */
export function useChosen() {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return { chosen, toggle, clear: () => setChosen(new Set()) };
}

/** What the last action did, or why it failed. */
export function FlashAlert({ flash }: { flash: Flash }) {
  if (!flash) return null;
  return (
    <Alert color={flash.error ? 'red' : 'green'} role={flash.error ? 'alert' : 'status'}>
      {flash.text}
    </Alert>
  );
}
