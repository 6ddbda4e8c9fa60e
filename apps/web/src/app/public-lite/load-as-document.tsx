import { useEffect } from 'react';

/**
 * A page of the light frame reached by a link inside the full app: the address has changed already, so
 * loading it as a document opens the light page (main.tsx), and back returns to where the link was.
 */
export function LoadAsDocument() {
  useEffect(() => {
    window.location.reload();
  }, []);
  return null;
}
