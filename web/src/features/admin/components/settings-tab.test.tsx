import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { render, screen, waitFor, within } from '@/testing/render';
import { mockAdminApi, signInStored } from '../testing/admin-fixtures';
import { SettingsTab } from './settings-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const DEFAULTS = { maxUnitsPerLine: 10, maxUnitsPerOrder: 30, maxOrdersPerClient: 10, windowMinutes: 10, maxUnitsPerProduct: 10 };
const orderLimitsRead = { 'GET /admin/settings/order-limits': { success: true, limits: DEFAULTS } };

describe('SettingsTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
    vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, value: 'true' } });
  });
  afterEach(() => vi.restoreAllMocks());

  it('switches the shop off after a confirmation and says so', async () => {
    const request = mockAdminApi({ ...orderLimitsRead, 'POST /admin/settings': { success: true } });
    const { user } = render(<SettingsTab />);
    expect(screen.getByText('Shop Settings')).toBeInTheDocument();
    expect(await screen.findByText(/enabled and visible to all visitors/)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Enable Shop' }));
    const confirm = await screen.findByRole('dialog', { name: 'Close the shop?' });
    expect(within(confirm).getByText(/hides it from every visitor at once/)).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ url: '/admin/settings' }));
    await user.click(within(confirm).getByRole('button', { name: 'Close shop' }));
    await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Shop Settings Updated' })));
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ data: { key: 'shop_enabled', value: 'false' } }));
    expect(screen.getByText(/disabled and hidden/)).toBeInTheDocument();
  });

  it('keeps the shop open when closing is cancelled', async () => {
    const request = mockAdminApi({ ...orderLimitsRead, 'POST /admin/settings': { success: true } });
    const { user } = render(<SettingsTab />);
    await screen.findByText(/enabled and visible/);
    await user.click(screen.getByRole('switch', { name: 'Enable Shop' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Close the shop?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('switch', { name: 'Enable Shop' })).toBeChecked();
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ url: '/admin/settings' }));
  });

  it('opens a closed shop without asking', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ data: { success: true, value: 'false' } });
    const request = mockAdminApi({ ...orderLimitsRead, 'POST /admin/settings': { success: true } });
    const { user } = render(<SettingsTab />);
    await screen.findByText(/disabled and hidden/);
    await user.click(screen.getByRole('switch', { name: 'Enable Shop' }));
    await waitFor(() => expect(request).toHaveBeenCalledWith(expect.objectContaining({ data: { key: 'shop_enabled', value: 'true' } })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables the switch while saving and reports a failure', async () => {
    let fail: (error: unknown) => void = () => {};
    mockAdminApi({ ...orderLimitsRead, 'POST /admin/settings': () => new Promise((_resolve, reject) => (fail = reject)) });
    const { user } = render(<SettingsTab />);
    await screen.findByText(/enabled and visible/);
    await user.click(screen.getByRole('switch', { name: 'Enable Shop' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Close shop' }));
    expect(screen.getByRole('switch', { name: 'Enable Shop' })).toBeDisabled();
    fail(new ApiError(500, '500: boom'));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Error', message: 'Failed to update shop setting. Please try again.' }),
      ),
    );
  });

  describe('order limits', () => {
    const field = (label: string) => screen.getByRole('textbox', { name: label });

    it('shows the current limits and saves changed ones', async () => {
      const request = mockAdminApi({
        ...orderLimitsRead,
        'PUT /admin/settings/order-limits': (config: { data?: unknown }) => ({ success: true, limits: config.data }),
      });
      const { user } = render(<SettingsTab />);

      expect(await screen.findByRole('textbox', { name: 'Units per line' })).toHaveValue('10');
      expect(field('Units per order')).toHaveValue('30');
      expect(field('Orders per client')).toHaveValue('10');
      expect(field('Window (minutes)')).toHaveValue('10');

      await user.clear(field('Units per line'));
      await user.type(field('Units per line'), '5');
      await user.clear(field('Orders per client'));
      await user.type(field('Orders per client'), '200');
      await user.click(screen.getByRole('button', { name: 'Save Order Limits' }));

      await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order limits updated' })));
      expect(request).toHaveBeenCalledWith(
        expect.objectContaining({
          method: 'PUT',
          url: '/admin/settings/order-limits',
          data: { maxUnitsPerLine: 5, maxUnitsPerOrder: 30, maxOrdersPerClient: 200, windowMinutes: 10, maxUnitsPerProduct: 10 },
        }),
      );
      expect(field('Units per line')).toHaveValue('5');
    });

    it('shows and saves the units of one product per client, and names what is out of range', async () => {
      const request = mockAdminApi({
        'GET /admin/settings/order-limits': { success: true, limits: { ...DEFAULTS, maxUnitsPerProduct: 12 } },
        'PUT /admin/settings/order-limits': (config: { data?: unknown }) => ({ success: true, limits: config.data }),
      });
      const { user } = render(<SettingsTab />);

      const perProduct = await screen.findByRole('textbox', { name: 'Units per product and client' });
      expect(perProduct).toHaveValue('12');
      expect(screen.getByText('Units of one product one address may order within the window (1–10000)')).toBeInTheDocument();

      await user.clear(perProduct);
      await user.type(perProduct, '10001');
      await user.click(screen.getByRole('button', { name: 'Save Order Limits' }));
      expect(screen.getByText('Units per product and client must be a whole number from 1 to 10000')).toBeInTheDocument();
      expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT' }));

      await user.clear(perProduct);
      await user.type(perProduct, '4');
      await user.click(screen.getByRole('button', { name: 'Save Order Limits' }));
      await waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Order limits updated' })));
      expect(request).toHaveBeenCalledWith(
        expect.objectContaining({ method: 'PUT', url: '/admin/settings/order-limits', data: { ...DEFAULTS, maxUnitsPerProduct: 4 } }),
      );
      expect(field('Units per product and client')).toHaveValue('4');
      // Under load the typing alone takes seconds.
    }, 15_000);

    it('names what is out of range and sends nothing', async () => {
      const request = mockAdminApi(orderLimitsRead);
      const { user } = render(<SettingsTab />);

      await user.clear(await screen.findByRole('textbox', { name: 'Units per line' }));
      await user.type(field('Units per line'), '0');
      await user.clear(field('Window (minutes)'));
      await user.type(field('Window (minutes)'), '1441');
      await user.clear(field('Orders per client'));
      await user.click(screen.getByRole('button', { name: 'Save Order Limits' }));

      expect(screen.getByText('Units per line must be a whole number from 1 to 99')).toBeInTheDocument();
      expect(screen.getByText('Orders per client must be a whole number from 1 to 10000')).toBeInTheDocument();
      expect(screen.getByText('The window in minutes must be a whole number from 1 to 1440')).toBeInTheDocument();

      await user.clear(field('Units per line'));
      await user.type(field('Units per line'), '40');
      await user.clear(field('Window (minutes)'));
      await user.type(field('Window (minutes)'), '60');
      await user.type(field('Orders per client'), '10');
      await user.click(screen.getByRole('button', { name: 'Save Order Limits' }));
      expect(screen.getByText('Units per line cannot be more than units per order')).toBeInTheDocument();
      expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'PUT' }));
    });

    it('shows the server’s reason when it refuses', async () => {
      mockAdminApi({
        ...orderLimitsRead,
        'PUT /admin/settings/order-limits': () => {
          throw new ApiError(400, '400: {"success":false,"error":"Units per order must be a whole number from 1 to 999"}');
        },
      });
      const { user } = render(<SettingsTab />);

      await user.click(await screen.findByRole('button', { name: 'Save Order Limits' }));
      await waitFor(() =>
        expect(notifications.show).toHaveBeenCalledWith(
          expect.objectContaining({ title: 'Error', message: 'Units per order must be a whole number from 1 to 999' }),
        ),
      );
    });
  });
});
