import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../platform/api/client';
import type { Viewer } from '../../platform/session/shell-state';
import { renderWithMantine } from '../../test/render';
import { staffNav, visibleStaffNav } from '../staff-nav';
import { StaffNavMenu } from './staff-nav-menu';

const viewer = (permissions: string[]): Viewer => ({
  user_name: 'pat',
  first_name: 'Pat',
  last_name: 'Reviewer',
  is_staff: true,
  isPortal: false,
  permissions,
});

function renderMenu(v: Viewer) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderWithMantine(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/staff/requests']}>
        <nav aria-label="Main">
          <StaffNavMenu viewer={v} />
        </nav>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the staff menu', () => {
  it('keeps only the links a viewer may open, and leaves out empty groups', () => {
    // (Administration shows with any reference list the viewer may read: left out here.)
    const groups = visibleStaffNav(viewer(['requests.read', 'mail.read'])).filter(
      (g) => g.label !== 'Administration',
    );
    expect(groups.map((g) => [g.label, g.links.map((l) => l.label)])).toEqual([
      ['Licensing', ['Licence requests']],
      ['Communication', ['Mail']],
    ]);
    expect(visibleStaffNav(viewer([]))).toEqual([]);
    expect(visibleStaffNav(viewer(['security.admin'])).map((g) => g.links.map((l) => l.label))).toEqual([
      ['Administration', 'Security templates', 'Security groups'],
    ]);
    // Every link of the data file is reachable with some permission or rule.
    expect(staffNav.flatMap((g) => g.links).every((l) => l.permission || l.show)).toBe(true);
  });

  it('shows a heading per area and each count as the link’s description, never changing its name', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ requestsToReview: 3, unsentMail: 0 });
    renderMenu(viewer(['requests.read', 'mail.read', 'registry.read']));
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Registry', 'Licensing', 'Communication', 'Administration']);
    expect(within(nav).getByRole('region', { name: 'Licensing' })).toBeTruthy();
    const requests = within(nav).getByRole('link', { name: 'Licence requests' });
    expect(await screen.findByText('To review, 3 waiting')).toBeTruthy();
    expect(requests.getAttribute('aria-describedby')).toBe(screen.getByText('To review, 3 waiting').id);
    expect(requests.getAttribute('aria-current')).toBe('page');
    // Nothing waiting: no count, no description.
    expect(within(nav).getByRole('link', { name: 'Mail' }).getAttribute('aria-describedby')).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/staff/nav-counts');
  });

  it('asks for no counts when none of the viewer’s links has one', () => {
    const get = vi.spyOn(api, 'get');
    renderMenu(viewer(['registry.read']));
    expect(screen.getByRole('link', { name: 'Services' })).toBeTruthy();
    expect(get).not.toHaveBeenCalled();
  });
});
