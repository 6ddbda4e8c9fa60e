import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../platform/api/client';
import { VerifyPage } from './verify-page';

const row = {
  user_id: '00000000-0000-4000-8000-000000000001',
  first_name: 'Jamie',
  middle_name: null,
  last_name: 'Rivera',
  suffix: null,
  city: 'Austin',
  state: 'TX',
  license_number: 'EMT-000123',
  level: 'EMT',
  status: 'active',
  expiration_date: '2027-06-30',
  credential: {
    number: 'EMT-000123',
    license_name: 'EMS Personnel Certification',
    level_label: 'EMT',
    status_label: 'Active',
    issue_date: '2025-07-01',
    expiration_date: '2027-06-30',
  },
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

// The light page renders on its own: no router, query client or Mantine provider around it.
describe('the light verification page', () => {
  it('runs the search in its address at once (a QR code link) and shows the licence as a card', async () => {
    window.history.replaceState(null, '', '/verify?number=EMT-000123');
    const post = vi.spyOn(api, 'post').mockResolvedValue([row]);
    vi.spyOn(api, 'get').mockResolvedValue([]);
    render(<VerifyPage />);
    expect(await screen.findByText('Showing 1–1 of 1 licence.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Jamie Rivera' })).toBeTruthy();
    expect(screen.getByText('EMS Personnel Certification')).toBeTruthy();
    expect(post).toHaveBeenCalledWith(
      '/api/PublicLookupUser',
      {
        license_number: 'EMT-000123',
        last_name: undefined,
        first_name: undefined,
        currentPage: 1,
        numPerPage: 25,
      },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
  });

  it('puts the criteria in the address on search, and back empties the search again', async () => {
    window.history.replaceState(null, '', '/verify');
    const post = vi.spyOn(api, 'post').mockResolvedValue([]);
    render(<VerifyPage />);
    expect(screen.getByText('Enter a name or a licence number to search.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('No licences match the search.')).toBeTruthy();
    expect(window.location.search).toBe('?last_name=Nobody');
    window.history.back();
    expect(await screen.findByText('Enter a name or a licence number to search.')).toBeTruthy();
  });

  it('says when the search failed and tries again on request', async () => {
    window.history.replaceState(null, '', '/verify?last_name=Rivera');
    const post = vi.spyOn(api, 'post').mockRejectedValueOnce(new Error('boom')).mockResolvedValue([row]);
    vi.spyOn(api, 'get').mockResolvedValue([]);
    render(<VerifyPage />);
    expect(await screen.findByText('The search failed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1–1 of 1 licence.')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(2);
  });
});
