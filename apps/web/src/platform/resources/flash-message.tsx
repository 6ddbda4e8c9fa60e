import { Alert } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';

/** Navigation state that carries a one-time message to the next page ("Alert type saved."). */
export interface FlashState {
  flash?: string;
}

export function flashOf(state: unknown): string | null {
  if (state && typeof state === 'object' && 'flash' in state && typeof state.flash === 'string')
    return state.flash;
  return null;
}

/** Shows the message handed over by the previous page, until dismissed or the page is left. */
export function FlashMessage() {
  const location = useLocation();
  const navigate = useNavigate();
  const message = flashOf(location.state);
  if (!message) return null;
  return (
    <Alert
      color="green"
      title="Done"
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss message"
      onClose={() => navigate(`${location.pathname}${location.search}`, { replace: true, state: null })}
    >
      {message}
    </Alert>
  );
}
