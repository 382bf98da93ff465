import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/testing/render';
import { accessCodesPage, houses, mockAdminApi, signInStored } from '../testing/admin-fixtures';
import { AccessCodesTab } from './access-codes-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const codes = [
  { id: 1, code: 'ABCDE-FGHJK', houseId: 1, houseName: 'Haus Wolf', isUsed: true, usedAt: '2026-01-01T00:00:00.000Z' },
  { id: 2, code: 'LMNPQ-RSTUV', houseId: 1, houseName: 'Haus Wolf', isUsed: false, usedAt: null },
  { id: 3, code: 'WXYZ2-34567', houseId: 2, houseName: 'Haus Bär', isUsed: false, usedAt: null },
];

describe('AccessCodesTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('counts codes, badges them and offers generation only for a chosen house', async () => {
    const request = mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'GET /admin/access-codes': accessCodesPage(codes),
    });
    const { user } = render(<AccessCodesTab />);
    expect(await screen.findByText('ABCDE-FGHJK')).toBeInTheDocument();
    const total = screen.getByText('Total Access Codes').parentElement;
    expect(total && within(total).getByText('3')).toBeInTheDocument();
    const used = screen.getByText('Used Codes').parentElement;
    expect(used && within(used).getByText('1')).toBeInTheDocument();
    const unused = screen.getByText('Unused Codes').parentElement;
    expect(unused && within(unused).getByText('2')).toBeInTheDocument();
    expect(screen.getByText('Used', { selector: '.mantine-Badge-label' })).toBeInTheDocument();
    expect(screen.getAllByText('Available', { selector: '.mantine-Badge-label' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Generate Codes for Selected House' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Filter by house' }));
    await user.click(await screen.findByRole('option', { name: 'Haus Bär' }));
    await waitFor(() => expect(screen.queryByText('ABCDE-FGHJK')).not.toBeInTheDocument());
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ params: expect.objectContaining({ houseId: 2 }) }));
    expect(screen.getByRole('button', { name: 'Generate Codes for Selected House' })).toBeInTheDocument();
  });

  it('asks before deleting a code', async () => {
    const request = mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'GET /admin/access-codes': accessCodesPage(codes),
      'DELETE /admin/access-codes/2': { success: true },
    });
    const { user } = render(<AccessCodesTab />);
    await user.click(await screen.findByRole('button', { name: 'Delete LMNPQ-RSTUV' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Access code deleted successfully' })),
    );
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE', url: '/admin/access-codes/2' }));
  });

  const chooseHouse = async (user: { click: (element: Element) => Promise<void> }, name: string) => {
    await user.click(screen.getByRole('combobox', { name: 'Filter by house' }));
    await user.click(await screen.findByRole('option', { name }));
  };

  it('shows the 1 to 100 range at the field and marks the field when a number is outside it', async () => {
    const request = mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'GET /admin/access-codes': accessCodesPage(codes),
    });
    const { user } = render(<AccessCodesTab />);
    await screen.findByText('ABCDE-FGHJK');
    await chooseHouse(user, 'Haus Wolf');
    await user.click(await screen.findByRole('button', { name: 'Generate Codes for Selected House' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate Codes for Haus Wolf' });
    const field = within(dialog).getByRole('textbox', { name: 'How many access codes should be generated?' });
    expect(field).toHaveAccessibleDescription('From 1 to 100 codes at a time');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');

    await user.clear(field);
    await user.type(field, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Generate' }));
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Invalid Input', message: 'Please enter a number between 1 and 100' }));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('300');
    expect(within(dialog).getByText('Please enter a number between 1 and 100')).toBeInTheDocument();
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ url: '/admin/generate-codes' }));

    await user.type(field, '{Backspace}');
    expect(field).not.toHaveAttribute('aria-invalid', 'true');
  }, 20_000);

  const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

  it('offers all open codes of the house as one hand-out after generating more', async () => {
    const open = Array.from({ length: 130 }, (_, index) => ({
      id: 100 + index,
      code: `WPEN${LETTERS[Math.floor(index / LETTERS.length)]}-${LETTERS[index % LETTERS.length]}AAAA`,
      houseId: 1,
      houseName: 'Haus Wolf',
      isUsed: false,
      usedAt: null,
    }));
    const all = [...codes, ...open];
    const request = mockAdminApi({
      'GET /admin/houses': { success: true, houses },
      'GET /admin/access-codes': (config: { params?: Record<string, unknown> }) => {
        const params = config.params ?? {};
        if (params.status !== 'available') return accessCodesPage(codes)(config);
        const rows = all.filter((code) => code.houseId === params.houseId && !code.isUsed);
        const page = Number(params.page);
        const size = Number(params.pageSize);
        return { success: true, accessCodes: rows.slice((page - 1) * size, page * size), page, pageSize: size, total: rows.length, counts: { total: rows.length, used: 0 } };
      },
      'POST /admin/generate-codes': { success: true, codes: ['NEWAA-BBBBB', 'NEWCC-DDDDD'] },
    });
    const { user } = render(<AccessCodesTab />);
    await screen.findByText('ABCDE-FGHJK');
    await chooseHouse(user, 'Haus Wolf');
    await user.click(await screen.findByRole('button', { name: 'Generate Codes for Selected House' }));
    const ask = await screen.findByRole('dialog', { name: 'Generate Codes for Haus Wolf' });
    await user.clear(within(ask).getByRole('textbox'));
    await user.type(within(ask).getByRole('textbox'), '2');
    await user.click(within(ask).getByRole('button', { name: 'Generate' }));

    const result = await screen.findByRole('dialog', { name: 'New codes for Haus Wolf' });
    expect(within(within(result).getByRole('list', { name: 'Generated codes' })).getAllByRole('listitem')).toHaveLength(2);
    await user.click(within(result).getByText('All open codes of this house'));
    const openList = await within(result).findByRole('list', { name: 'Open codes' });
    // One used and 131 open codes of Haus Wolf: the open ones, over two pages of the list call.
    await waitFor(() => expect(within(openList).getAllByRole('listitem')).toHaveLength(131), { timeout: 10_000 });
    expect(within(result).getByText('131 open access codes for Haus Wolf: every code of this house that no guest has used yet.')).toBeInTheDocument();
    expect(within(openList).queryByText('ABCDE-FGHJK')).not.toBeInTheDocument();
    expect(screen.getByTestId('print-sheet').textContent).toContain('WPENE-NAAAA');
    expect(screen.getByTestId('print-sheet').textContent).toContain('LMNPQ-RSTUV');
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ params: expect.objectContaining({ houseId: 1, status: 'available', page: 2 }) }));
  }, 30_000);
});
