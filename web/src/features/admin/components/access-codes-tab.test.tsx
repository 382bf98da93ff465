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
});
