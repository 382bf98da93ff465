import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@/testing/render';
import { houses, mockAdminApi, signInStored, users, usersPage } from '../testing/admin-fixtures';
import { UsersTab } from './users-tab';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const toast = (title: string, message: string) =>
  waitFor(() => expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title, message })));

describe('UsersTab', () => {
  beforeEach(() => {
    localStorage.clear();
    signInStored();
    vi.mocked(notifications.show).mockClear();
  });
  afterEach(() => vi.restoreAllMocks());

  it('lists users with house name, the id of an unknown house, or None, and Yes/No for admin', async () => {
    mockAdminApi({ 'GET /admin/users': usersPage(users), 'GET /admin/houses': { success: true, houses } });
    render(<UsersTab currentUserId={1} />);
    const mila = (await screen.findByText('mila')).closest('tr');
    expect(mila && within(mila).getByText('Haus Wolf')).toBeInTheDocument();
    const ghost = screen.getByText('ghost').closest('tr');
    expect(ghost && within(ghost).getByText('99')).toBeInTheDocument();
    const orga = screen.getByText('orga').closest('tr');
    expect(orga && within(orga).getByText('None')).toBeInTheDocument();
    expect(orga && within(orga).getByText('Yes')).toBeInTheDocument();
    for (const name of ['Import CSV', 'Export CSV', 'Add User']) expect(screen.getByRole('button', { name })).toBeInTheDocument();
  });

  it('shows "No users found" when the list fails to load', async () => {
    mockAdminApi({ 'GET /admin/houses': { success: true, houses } });
    render(<UsersTab currentUserId={1} />);
    expect(screen.getByText('Loading users...')).toBeInTheDocument();
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('validates the create dialog and creates a user', async () => {
    const request = mockAdminApi({
      'GET /admin/users': usersPage(users),
      'GET /admin/houses': { success: true, houses },
      'POST /admin/users': { success: true },
    });
    const { user } = render(<UsersTab currentUserId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), 'ab');
    await user.type(within(dialog).getByLabelText('Password'), '123');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(within(dialog).getByText('Username must be at least 3 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(within(dialog).getByText('This user will have full administrative access')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Username'), 'c');
    await user.type(within(dialog).getByLabelText('Password'), '456');
    await user.click(within(dialog).getByLabelText('Admin User'));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await toast('Success', 'User created successfully');
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'POST', url: '/admin/users', data: { username: 'abc', password: '123456', houseId: null, isAdmin: true } }),
    );
  });

  it('leaves a blank password out of an edit', async () => {
    const request = mockAdminApi({
      'GET /admin/users': usersPage(users),
      'GET /admin/houses': { success: true, houses },
      'PUT /admin/users/2': { success: true },
    });
    const { user } = render(<UsersTab currentUserId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Edit mila' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Password (leave empty to keep current)')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Update User' }));
    await toast('Success', 'User updated successfully');
    expect(request).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'PUT', url: '/admin/users/2', data: { username: 'mila', houseId: 1, isAdmin: false } }),
    );
  });

  it('asks before deleting and reports a failure', async () => {
    const request = mockAdminApi({ 'GET /admin/users': usersPage(users), 'GET /admin/houses': { success: true, houses } });
    const { user } = render(<UsersTab currentUserId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Delete mila' }));
    const dialog = await screen.findByRole('dialog');
    expect(request).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'DELETE' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await toast('Error', 'Failed to delete user');
  });

  it('rejects an empty CSV, reports the import counts and lists every row until closed', async () => {
    mockAdminApi({
      'GET /admin/users': usersPage(users),
      'GET /admin/houses': { success: true, houses },
      'POST /admin/import/users': {
        success: true,
        results: {
          success: 2,
          failed: 1,
          errors: [{ line: 3, error: 'Password must be at least 6 characters' }],
          rows: [
            { line: 2, username: 'igor', outcome: 'created', reason: 'Created' },
            { line: 3, username: 'kuba', outcome: 'failed', reason: 'Password must be at least 6 characters' },
            { line: 4, username: 'mila', outcome: 'updated', reason: 'Updated house' },
          ],
        },
      },
    });
    const { user } = render(<UsersTab currentUserId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByText('CSV content cannot be empty')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('CSV content'), 'username,password{Enter}a,b');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await toast('Import Successful', 'Imported 2 users, failed 1');
    const results = within(dialog).getByRole('region', { name: 'Import results' });
    const rows = within(results).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['3', 'kuba', 'Failed', 'Password must be at least 6 characters'],
      ['2', 'igor', 'Created', 'Created'],
      ['4', 'mila', 'Updated', 'Updated house'],
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  const importAnswer = (rows: { line: number; username: string; outcome: 'created' | 'updated' | 'unchanged' | 'failed'; reason: string }[]) => ({
    success: true,
    results: {
      success: rows.filter((row) => row.outcome !== 'failed').length,
      failed: rows.filter((row) => row.outcome === 'failed').length,
      errors: rows.filter((row) => row.outcome === 'failed').map((row) => ({ line: row.line, error: row.reason })),
      rows,
    },
  });

  const importText = async (answer: unknown) => {
    mockAdminApi({ 'GET /admin/users': usersPage(users), 'GET /admin/houses': { success: true, houses }, 'POST /admin/import/users': answer });
    const { user } = render(<UsersTab currentUserId={1} />);
    await user.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('CSV content'), 'username,password{Enter}a,b');
    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    return dialog;
  };

  it('colours and words the summary by what happened, keeping the SPEC line as its title', async () => {
    const dialog = await importText(
      importAnswer([
        { line: 2, username: 'igor', outcome: 'created', reason: 'Created' },
        { line: 3, username: 'kuba', outcome: 'failed', reason: 'Username must be at least 3 characters · Password must be at least 6 characters' },
        { line: 4, username: 'lena', outcome: 'failed', reason: 'There is no house called "Atlantis"' },
      ]),
    );
    const summary = await within(dialog).findByRole('status');
    expect(summary).toHaveTextContent('Imported 1 users, failed 2');
    expect(summary).toHaveTextContent('1 user created, 2 users failed. The failed rows are listed first, each with every problem');
    expect(summary).toHaveAttribute('data-outcome', 'partly-failed');
    expect(summary.getAttribute('style')).toMatch(/yellow/);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Import Successful', message: 'Imported 1 users, failed 2', color: 'yellow' }));
    expect(within(dialog).getByText('Username must be at least 3 characters · Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('says plainly when nothing was imported', async () => {
    const failed = await importText(importAnswer([{ line: 2, username: 'kuba', outcome: 'failed', reason: 'Password must be at least 6 characters' }]));
    const summary = await within(failed).findByRole('status');
    expect(summary).toHaveTextContent('Imported 0 users, failed 1');
    expect(summary).toHaveTextContent('Nothing was imported: 1 user failed.');
    expect(summary.getAttribute('style')).toMatch(/red/);
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Import Successful', color: 'red' }));
  });

  it('shows the reason at the field when the file holds no data rows', async () => {
    const { ApiError } = await import('@/lib/api-client');
    const refusal = 'The CSV content has a header line but no data rows: add one line per user below the header';
    const dialog = await importText(() => {
      throw new ApiError(400, `400: ${JSON.stringify({ success: false, error: refusal })}`);
    });
    await toast('Import Failed', 'Failed to import users');
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('CSV content')).toHaveAttribute('aria-invalid', 'true');
  });
});
