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
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ data: { name: 'Adler', chatUrl: 'https://chat.example/adler', colour: null } }));
  }, 15_000);

  it('sets an emblem from the offered images and a colour, sent as the server stores it', async () => {
    const request = mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'GET /admin/house-emblems': { success: true, emblems: [{ id: 7, name: 'Wappen des Hauses Wolf', url: '/uploads/wolf.webp', thumbnailUrl: '/uploads/thumbnail_wolf.webp' }] },
      'PUT /admin/houses/1': { success: true },
    });
    const { user } = render(<HousesTab />);
    await user.click(await screen.findByRole('button', { name: 'Edit Haus Wolf' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getAllByLabelText('Emblem').find((element) => element.tagName === 'INPUT')!);
    await user.click(await screen.findByRole('option', { name: 'Wappen des Hauses Wolf' }));
    expect(within(dialog).getByRole('img', { name: 'Chosen emblem: Wappen des Hauses Wolf' })).toHaveAttribute('src', '/uploads/thumbnail_wolf.webp');
    await user.type(within(dialog).getByLabelText('Colour'), '#3a5f8c');
    await user.click(within(dialog).getByRole('button', { name: 'Update House' }));
    await toast('Success', 'House updated successfully');
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'PUT', data: { name: 'Haus Wolf', chatUrl: 'https://chat.example/wolf', colour: '#3A5F8C', emblem: 7 } }),
    );
  }, 20_000);

  it('shows codes issued, redeemed and open per house, and counts them in the delete warning', async () => {
    mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'GET /admin/houses/code-counts': {
        success: true,
        counts: [
          { houseId: 1, issued: 12, redeemed: 5, open: 7 },
          { houseId: 2, issued: 0, redeemed: 0, open: 0 },
        ],
      },
    });
    const { user } = render(<HousesTab />);
    const row = (await screen.findByRole('cell', { name: '12' })).closest('tr')!;
    expect(within(row).getByRole('cell', { name: '5' })).toHaveAttribute('data-label', 'Redeemed');
    expect(within(row).getByRole('cell', { name: '7' })).toHaveAttribute('data-label', 'Open');
    await user.click(screen.getByRole('button', { name: 'Delete Haus Wolf' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/All associated access codes will be removed \(12 codes, 5 of them used\)/)).toBeInTheDocument();
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
    const shown = await screen.findByRole('dialog', { name: 'New codes for Haus Bär' });
    expect(within(within(shown).getByRole('list', { name: 'Generated codes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'AAAAA-BBBBC',
      'AAAAA-BBBBD',
      'AAAAA-BBBBE',
    ]);
    expect(within(shown).getByRole('button', { name: 'Copy all' })).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Print hand-out sheet' })).toBeInTheDocument();
    // The hand-out sheet: one card per code, with its house.
    expect(screen.getByTestId('print-sheet')).toHaveTextContent('Haus Haus BärAAAAA-BBBBC');
  }, 15_000);

  it('says "Generated 1 access code" in the singular', async () => {
    mockAdminApi({ 'GET /admin/houses': { success: true, houses }, 'POST /admin/generate-codes': { success: true, codes: ['AAAAA-BBBBC'] } });
    const { user } = render(<HousesTab />);
    await user.click(await screen.findByRole('button', { name: 'Generate Codes for Haus Wolf' }));
    const input = within(await screen.findByRole('dialog')).getByLabelText('How many access codes should be generated?');
    await user.clear(input);
    await user.type(input, '1');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    await toast('Success', 'Generated 1 access code');
  }, 15_000);
});
