import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, houses, mockAdminApi, signInStored, users, usersPage } from '@/features/admin/testing/admin-fixtures';
import { ApiError } from '@/lib/api-client';
import { render, screen, waitFor } from '@/testing/render';
import { adminRoutes } from './admin-routes';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const renderAt = (path: string) => {
  const router = createMemoryRouter(adminRoutes, { initialEntries: [path] });
  return { router, ...render(<RouterProvider router={router} />, { route: false }) };
};

const loginHeading = () => screen.findByRole('heading', { name: 'Admin-Bereich' });

describe('the admin routes', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('send a visitor without a stored login to /admin/login', async () => {
    const { router } = renderAt('/admin/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it.each([
    ['malformed JSON', '{not json'],
    ['a login without isAdmin', JSON.stringify({ id: 2, username: 'mila', isAdmin: false })],
    ['a login without id', JSON.stringify({ username: 'orga', isAdmin: true })],
  ])('remove %s and redirect to sign-in', async (_name, stored) => {
    localStorage.setItem('adminUser', stored);
    renderAt('/admin/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    expect(localStorage.getItem('adminUser')).toBeNull();
  });

  it('show the dashboard with seven tabs, Benutzer first and selected, for a stored admin', async () => {
    signInStored();
    const request = mockAdminApi({ 'GET /admin/users': usersPage(users), 'GET /admin/houses': { success: true, houses } });
    renderAt('/admin/dashboard');
    expect(await screen.findByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Benutzer', 'Häuser', 'Zugangscodes', 'Produkte', 'Bestellungen', 'Ausgabe', 'Einstellungen']);
    expect(screen.getByRole('tab', { name: 'Benutzer' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('mila')).toBeInTheDocument();
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ headers: expect.objectContaining({ 'x-user-id': String(ADMIN.id) }) }));
  });

  it('log out: the server is told, the stored login removed and sign-in shown', async () => {
    signInStored();
    const request = mockAdminApi({
      'GET /admin/users': usersPage(users),
      'GET /admin/houses': { success: true, houses },
      'POST /admin/logout': { success: true },
    });
    const { user, router } = renderAt('/admin/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Abmelden' }));
    expect(await loginHeading()).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/login');
    expect(localStorage.getItem('adminUser')).toBeNull();
    expect(request).toHaveBeenCalledWith(expect.objectContaining({ method: 'POST', url: '/admin/logout' }));
  });

  it('return to sign-in when an admin call answers 401 (expired session)', async () => {
    signInStored();
    mockAdminApi({
      'GET /admin/users': () => {
        throw new ApiError(401, '401: {"success":false,"error":"Unauthorized"}');
      },
      'GET /admin/houses': { success: true, houses },
    });
    const { router } = renderAt('/admin/dashboard');
    expect(await loginHeading()).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
    expect(localStorage.getItem('adminUser')).toBeNull();
  });
});
