import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { render, screen, waitFor } from '@/testing/render';
import { mockAdminApi, signInStored } from '../testing/admin-fixtures';
import { SettingsTab } from './settings-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

describe('SettingsTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
    vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, value: 'true' } });
  });
  afterEach(() => vi.restoreAllMocks());

  it('switches the shop off and says so', async () => {
    const request = mockAdminApi({ 'POST /admin/settings': { success: true } });
    const { user } = render(<SettingsTab />);
    expect(screen.getByText('Shop Settings')).toBeInTheDocument();
    expect(await screen.findByText(/enabled and visible to all visitors/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Enable Shop' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Shop Settings Updated' })));
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ data: { key: 'shop_enabled', value: 'false' } }));
    expect(screen.getByText(/disabled and hidden/)).toBeInTheDocument();
  });

  it('disables the switch while saving and reports a failure', async () => {
    let fail: (error: unknown) => void = () => {};
    mockAdminApi({ 'POST /admin/settings': () => new Promise((_resolve, reject) => (fail = reject)) });
    const { user } = render(<SettingsTab />);
    await screen.findByText(/enabled and visible/);
    await user.click(screen.getByRole('switch', { name: 'Enable Shop' }));
    expect(screen.getByRole('switch', { name: 'Enable Shop' })).toBeDisabled();
    fail(new ApiError(500, '500: boom'));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', message: 'Failed to update shop setting. Please try again.' }),
      ),
    );
  });
});
