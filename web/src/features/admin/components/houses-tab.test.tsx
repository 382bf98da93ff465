import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/testing/render';
import { houses, mockAdminApi, signInStored } from '../testing/admin-fixtures';
import { HousesTab } from './houses-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const toast = (title: string, message: string) =>
  waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title, message })));

describe('HousesTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('links each chat URL in a new tab', async () => {
    mockAdminApi({ 'GET /admin/houses': { success: true, houses } });
    render(<HousesTab />);
    const link = await screen.findByRole('link', { name: 'https://chat.example/wolf' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('validates and creates a house', async () => {
    const request = mockAdminApi({ 'GET /admin/houses': { success: true, houses }, 'POST /admin/houses': { success: true } });
    const { user } = render(<HousesTab />);
    await user.click(await screen.findByRole('button', { name: 'Add House' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'A');
    await user.type(within(dialog).getByLabelText('Chat URL'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Create House' }));
    expect(within(dialog).getByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid URL for the chat')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Name'), 'dler');
    await user.clear(within(dialog).getByLabelText('Chat URL'));
    await user.type(within(dialog).getByLabelText('Chat URL'), 'https://chat.example/adler');
    await user.click(within(dialog).getByRole('button', { name: 'Create House' }));
    await toast('Success', 'House created successfully');
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'Adler', chatUrl: 'https://chat.example/adler' } }));
  });

  it('warns about access codes before deleting', async () => {
    const request = mockAdminApi({ 'GET /admin/houses': { success: true, houses }, 'DELETE /admin/houses/1': { success: true } });
    const { user } = render(<HousesTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete Haus Wolf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/access codes will be removed/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toast('Success', 'House deleted successfully');
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE', url: '/admin/houses/1' }));
  });

  it('generates codes with a default of 10 and refuses counts outside 1 to 100', async () => {
    const request = mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'POST /admin/generate-codes': (config: { data: { count: number } }) => ({
        success: true,
        codes: Array.from({ length: config.data.count }, (_, index) => `AAAAA-BBBB${"CDEFGH"[index]}`),
      }),
    });
    const { user } = render(<HousesTab />);
    await user.click(await screen.findByRole('button', { name: 'Generate Codes for Haus Bär' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('How many access codes should be generated?');
    expect(input).toHaveValue('10');
    await user.clear(input);
    await user.type(input, '101');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await toast('Invalid Input', 'Please enter a number between 1 and 100');
    await user.clear(input);
    await user.type(input, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    await toast('Success', 'Generated 3 access codes');
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ url: '/admin/generate-codes', data: { houseId: 2, count: 3 } }));
  }, 15_000);
});
