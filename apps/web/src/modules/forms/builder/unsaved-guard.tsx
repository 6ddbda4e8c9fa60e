import { useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Asks before leaving a page with unsaved edits: in the app (a confirmation dialog) and when the tab is
 * closed or reloaded (the browser's own question). `allowNextNavigation` lets a save move on.
 */
export function useUnsavedGuard(dirty: boolean) {
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const bypass = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (bypass.current) {
      bypass.current = false;
      return false;
    }
    return dirtyRef.current && currentLocation.pathname !== nextLocation.pathname;
  });
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to ask.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
  return {
    blocker,
    allowNextNavigation: () => {
      bypass.current = true;
    },
  };
}

export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title="Leave without saving?"
      confirmLabel="Leave without saving"
      cancelLabel="Stay on this page"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    >
      Your changes are not saved. If you leave this page now, they are lost.
    </ConfirmDialog>
  );
}
