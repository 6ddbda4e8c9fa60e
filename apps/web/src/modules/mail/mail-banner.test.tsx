import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Viewer } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import { MailBanner } from './mail-banner';

const viewer = (permissions: string[]): Viewer => ({
  user_name: 'admin',
  first_name: null,
  last_name: null,
  is_staff: true,
  isPortal: false,
  permissions,
});
let asked = 0;
beforeEach(() => {
  asked = 0;
  vi.stubGlobal('fetch', async () => {
    asked++;
    return new Response(
      JSON.stringify({ banner: 'Mail is not being sent: SMTP_URL is not set', dev_viewer: null }),
      { headers: { 'content-type': 'application/json' } },
    );
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderBanner = (v: Viewer) =>
  renderWithMantine(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MailBanner viewer={v} />
    </QueryClientProvider>,
  );

describe('MailBanner', () => {
  it("shows an administrator the server's banner", async () => {
    renderBanner(viewer(['security.admin']));
    expect(await screen.findByText('Mail is not being sent: SMTP_URL is not set')).toBeTruthy();
  });

  it('asks nothing and shows nothing to other staff', async () => {
    renderBanner(viewer(['users.read']));
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toBe(0);
    expect(screen.queryByText(/Mail is not being sent/)).toBeNull();
  });
});
