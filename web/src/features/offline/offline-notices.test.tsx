import { describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@/testing/render';
import { OfflineNotices } from './offline-notices';
import { announceUpdate } from './register-worker';

describe('OfflineNotices', () => {
  it('shows nothing online without a new version', () => {
    render(<OfflineNotices />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says the page is offline, and from when the kept copy is', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const kept = new Response('<p>page</p>', { headers: { Date: 'Sat, 28 Nov 2026 13:05:00 GMT' } });
    vi.stubGlobal('caches', { match: vi.fn().mockResolvedValue(kept) });
    render(<OfflineNotices />);

    // In German time, whatever the device's zone: 13:05 UTC is 14:05 in Berlin in November.
    expect(await screen.findByText('Du bist offline – du siehst den Stand vom 28.11.2026, 14:05 Uhr.')).toBeInTheDocument();
  });

  it('says the page is offline without a date when no copy is kept', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    vi.stubGlobal('caches', { match: vi.fn().mockResolvedValue(undefined) });
    render(<OfflineNotices />);
    expect(await screen.findByText('Du bist offline – du siehst den zuletzt geladenen Stand.')).toBeInTheDocument();
  });

  it('offers a waiting new version, which takes over when tapped', async () => {
    const takeOver = vi.fn();
    const { user } = render(<OfflineNotices />);
    act(() => announceUpdate(takeOver));

    await user.click(screen.getByRole('button', { name: 'Neue Version verfügbar – neu laden' }));
    expect(takeOver).toHaveBeenCalledTimes(1);
    act(() => announceUpdate(null));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('says so on a page the worker showed from its cache, even when the browser claims a connection', async () => {
    document.documentElement.setAttribute('data-offline-copy', 'Sat, 28 Nov 2026 13:05:00 GMT');
    try {
      render(<OfflineNotices />);
      expect(await screen.findByText(/^Du bist offline – du siehst den Stand vom 28\.11\.2026, \d{2}:\d{2} Uhr\.$/)).toBeInTheDocument();
    } finally {
      document.documentElement.removeAttribute('data-offline-copy');
    }
  });
});
