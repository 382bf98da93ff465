import { notifications } from '@mantine/notifications';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { render, screen, waitFor } from '@/testing/render';
import { LoginForm } from './login-form';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn(), clean: vi.fn() } }));

const renderLogin = () =>
  render(
    <Routes>
      <Route path="/admin/login" element={<LoginForm />} />
      <Route path="/admin/dashboard" element={<p>Dashboard page</p>} />
    </Routes>,
    { route: '/admin/login' },
  );

const fill = async (user: ReturnType<typeof renderLogin>['user']) => {
  await user.type(screen.getByLabelText('Benutzername'), 'orga');
  await user.type(screen.getByLabelText('Passwort'), 'festival-demo');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
};

describe('LoginForm', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('shows the texts and placeholders of the sign-in screen, with a masked password', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Admin-Bereich' })).toBeInTheDocument();
    expect(screen.getByText('Melden Sie sich an, um auf den Admin-Bereich zuzugreifen')).toBeInTheDocument();
    expect(screen.getByText('Hinweis: Nur autorisierte Administratoren haben Zugriff')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Benutzername eingeben')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Passwort eingeben')).toHaveAttribute('type', 'password');
  });

  it('requires both fields without calling the server', async () => {
    const post = vi.spyOn(api, 'post');
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Benutzername wird benötigt')).toBeInTheDocument();
    expect(screen.getByText('Passwort wird benötigt')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('disables the button while sending and stores only id, username and isAdmin on success', async () => {
    let answer: (value: unknown) => void = () => {};
    vi.spyOn(api, 'post').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user } = renderLogin();
    await fill(user);
    expect(screen.getByRole('button', { name: 'Wird angemeldet...' })).toBeDisabled();
    answer({ status: 200, data: { success: true, user: { id: 4, username: 'orga', isAdmin: true, passwordHash: 'x' } } });
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('adminUser') ?? '')).toEqual({ id: 4, username: 'orga', isAdmin: true });
    expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Erfolgreich angemeldet', message: 'Willkommen im Admin-Bereich' }));
  });

  it('shows the server error text of a refusal', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ status: 429, data: { success: false, error: 'Zu viele Versuche' } });
    const { user } = renderLogin();
    await fill(user);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Fehler bei der Anmeldung', message: 'Zu viele Versuche' })),
    );
    expect(localStorage.getItem('adminUser')).toBeNull();
  });

  it('falls back to "Ungültige Anmeldeinformationen" for a refusal without text', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ status: 401, data: { success: false, error: '' } });
    const { user } = renderLogin();
    await fill(user);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Fehler bei der Anmeldung', message: 'Ungültige Anmeldeinformationen' }),
      ),
    );
  });

  it('asks to check the credentials when no answer arrives', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new Error('Network Error'));
    const { user } = renderLogin();
    await fill(user);
    await waitFor(() =>
      expect(notifications.show).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Fehler bei der Anmeldung', message: 'Bitte überprüfen Sie Ihre Anmeldeinformationen' }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });
});
