import type { Account, Enterprise, SessionInfo } from '@licensure/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, networkError } from '../api/errors';
import { memoryShellCache } from '../offline/shell-cache';
import { homePath, loadShell, type ShellSources } from './shell-state';

const account: Account = {
  id: '11111111-1111-4111-8111-111111111111',
  enterprise_id: '22222222-2222-4222-8222-222222222222',
  user_name: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'ada@example.gov',
  is_staff: true,
  isPortal: false,
  permissions: ['lookups.read'],
  counts_retrieved: false,
  continue_count: 0,
  review_count: 0,
  checkout_count: 0,
};
const enterprise = { id: account.enterprise_id, name: 'State EMS Office' } as Enterprise;
const session: SessionInfo = {
  user_id: account.id,
  enterprise_id: account.enterprise_id,
  user_name: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  is_staff: true,
  isPortal: false,
  permissions: ['lookups.read', 'lookups.write'],
  csrfToken: 'token',
  expires_at: '2026-01-01T00:00:00Z',
  idle_minutes: 30,
};

function sources(overrides: Partial<ShellSources>): ShellSources {
  return {
    checkSession: async () => session,
    fetchAccount: async () => account,
    fetchEnterprise: async () => enterprise,
    cache: memoryShellCache(),
    ...overrides,
  };
}

describe('loadShell', () => {
  it('loads the live session and stores account and enterprise for offline use', async () => {
    const cache = memoryShellCache();
    const state = await loadShell(sources({ cache }));
    expect(state).toMatchObject({ status: 'signed-in', offline: false, account, enterprise });
    expect(state.status === 'signed-in' && state.viewer.permissions).toEqual(session.permissions);
    expect(await cache.getAccount()).toEqual(account);
    expect(await cache.getEnterprise()).toEqual(enterprise);
  });

  it('is anonymous without a session', async () => {
    const fetchAccount = vi.fn(async () => account);
    expect(await loadShell(sources({ checkSession: async () => null, fetchAccount }))).toEqual({
      status: 'anonymous',
      offline: false,
    });
    expect(fetchAccount).not.toHaveBeenCalled();
  });

  it('opens offline with the cached account and enterprise when the server cannot be reached', async () => {
    const cache = memoryShellCache({ account, enterprise });
    const state = await loadShell(
      sources({
        cache,
        checkSession: async () => {
          throw networkError();
        },
      }),
    );
    expect(state).toMatchObject({ status: 'signed-in', offline: true, account, enterprise });
    expect(state.status === 'signed-in' && homePath(state.viewer)).toBe('/staff');
  });

  it('is anonymous and offline when unreachable with nothing cached', async () => {
    const state = await loadShell(
      sources({
        checkSession: async () => {
          throw networkError();
        },
      }),
    );
    expect(state).toEqual({ status: 'anonymous', offline: true });
  });

  it('passes other failures on', async () => {
    const failing = sources({
      checkSession: async () => {
        throw new ApiError(500, 'internal', 'Boom');
      },
    });
    await expect(loadShell(failing)).rejects.toThrow('Boom');
  });

  it('works without the enterprise when the user may not read it', async () => {
    const state = await loadShell(
      sources({
        fetchEnterprise: async () => {
          throw new ApiError(403, 'forbidden', 'No');
        },
      }),
    );
    expect(state).toMatchObject({ status: 'signed-in', enterprise: null, account });
  });
});
