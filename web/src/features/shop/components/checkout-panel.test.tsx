import { describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { fireEvent, render, screen, waitFor } from '@/testing/render';
import type { CartLine } from '../cart/cart-store';
import { shownPrice } from '../testing/shop-fixtures';
import { CheckoutPanel } from './checkout-panel';

const lines: CartLine[] = [
  { id: 1, title: 'Haus-Shirt', price: 2500, variant: 'M', quantity: 2 },
  { id: 3, title: 'Trinkhorn', price: 1800, variant: '0,5 l', quantity: 1 },
];

const renderPanel = (cartLines: CartLine[] = lines) => {
  const onPlaced = vi.fn();
  const view = render(<CheckoutPanel lines={cartLines} total={6800} onPlaced={onPlaced} />);
  const firstName = screen.getByRole('textbox', { name: 'Vorname *' });
  const lastName = screen.getByRole('textbox', { name: 'Nachname *' });
  const submit = screen.getByRole('button', { name: 'Bestellung absenden' });
  return { ...view, onPlaced, firstName, lastName, submit };
};

describe('CheckoutPanel', () => {
  it('shows the fields, the total and the note', () => {
    const { firstName, lastName } = renderPanel();

    expect(screen.getByRole('heading', { name: 'Bestellung abschließen' })).toBeInTheDocument();
    expect(firstName).toBeRequired();
    expect(lastName).toBeRequired();
    expect(screen.getByText('Gesamtsumme:')).toBeInTheDocument();
    expect(screen.getByText(shownPrice(6800))).toBeInTheDocument();
    expect(screen.getByText('* Dies ist eine vereinfachte Bestellung ohne echte Zahlung.')).toBeInTheDocument();
  });

  it('keeps the button disabled while a name is blank after trimming, and says why', async () => {
    const post = vi.spyOn(api, 'post');
    const { user, firstName, lastName, submit } = renderPanel();

    expect(submit).toBeDisabled();
    await user.type(firstName, 'Ada');
    expect(submit).toBeDisabled();
    await user.type(lastName, '   ');
    expect(submit).toBeDisabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(lastName, '{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte Vor- und Nachname eingeben.');

    fireEvent.submit(submit.closest('form')!);
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte Vor- und Nachname eingeben.');
    expect(post).not.toHaveBeenCalled();

    await user.type(lastName, 'Lovelace');
    expect(submit).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses to send an empty cart', async () => {
    const post = vi.spyOn(api, 'post');
    const { user, firstName, lastName, submit } = renderPanel([]);

    await user.type(firstName, 'Ada');
    await user.type(lastName, 'Lovelace');
    await user.click(submit);

    expect(screen.getByRole('alert')).toHaveTextContent('Der Warenkorb ist leer.');
    expect(post).not.toHaveBeenCalled();
  });

  it('sends trimmed names and the cart lines as JSON text, disabled and "Wird verarbeitet..." meanwhile', async () => {
    let answer: (value: unknown) => void = () => {};
    const post = vi.spyOn(api, 'post').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { user, firstName, lastName, submit, onPlaced } = renderPanel();

    await user.type(firstName, '  Ada ');
    await user.type(lastName, ' Lovelace  ');
    await user.click(submit);

    const sending = screen.getByRole('button', { name: 'Wird verarbeitet...' });
    expect(sending).toBeDisabled();
    expect(post).toHaveBeenCalledTimes(1);
    const [url, payload] = post.mock.calls[0];
    expect(url).toBe('/shop/orders');
    expect(payload).toEqual({ firstName: 'Ada', lastName: 'Lovelace', items: expect.any(String) });
    expect(JSON.parse((payload as { items: string }).items)).toEqual(lines);

    answer({ status: 200, data: { success: true, orderNumber: 'GOS-2025-0001', total: 6800 } });
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith({ orderNumber: 'GOS-2025-0001', total: 6800, token: null }));
  });

  it.each([
    [409, { success: false, error: 'Leider nicht mehr genug auf Lager: Trinkhorn (0,5 l)' }, 'Fehler beim Absenden der Bestellung: Leider nicht mehr genug auf Lager: Trinkhorn (0,5 l)'],
    [403, { success: false, error: 'Der Shop ist derzeit geschlossen.' }, 'Fehler beim Absenden der Bestellung: Der Shop ist derzeit geschlossen.'],
    [400, { success: false }, 'Fehler beim Absenden der Bestellung: Unbekannter Fehler'],
    [400, { success: false, error: 'Eine Bestellung darf höchstens 30 Stück enthalten.' }, 'Fehler beim Absenden der Bestellung: Eine Bestellung darf höchstens 30 Stück enthalten.'],
    [
      429,
      { success: false, error: 'Zu viele Bestellungen in kurzer Zeit: höchstens 10 in 10 Minuten. Bitte versuche es später erneut.' },
      'Fehler beim Absenden der Bestellung: Zu viele Bestellungen in kurzer Zeit: höchstens 10 in 10 Minuten. Bitte versuche es später erneut.',
    ],
  ])('shows a refusal (%i) with the server text, and allows a retry', async (status, data, message) => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ status, data });
    const { user, firstName, lastName, onPlaced } = renderPanel();

    await user.type(firstName, 'Ada');
    await user.type(lastName, 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Bestellung absenden' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(onPlaced).not.toHaveBeenCalled();
    expect(firstName).toHaveValue('Ada');

    const retry = screen.getByRole('button', { name: 'Bestellung absenden' });
    expect(retry).toBeEnabled();
    await user.click(retry);
    expect(post).toHaveBeenCalledTimes(2);
  });

  it('asks to try again after a network failure', async () => {
    const windowAlert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(null, 'Keine Verbindung zum Server (Network Error)'));
    const { user, firstName, lastName, submit, onPlaced } = renderPanel();

    await user.type(firstName, 'Ada');
    await user.type(lastName, 'Lovelace');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('Fehler beim Absenden der Bestellung. Bitte versuche es erneut.');
    expect(onPlaced).not.toHaveBeenCalled();
    expect(windowAlert).not.toHaveBeenCalled();
  });

  it('says offline that the order needs a connection, without sending it or losing the names', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const post = vi.spyOn(api, 'post');
    const { user, firstName, lastName, submit, onPlaced } = renderPanel();

    await user.type(firstName, 'Ada');
    await user.type(lastName, 'Lovelace');
    await user.click(submit);

    expect(screen.getByRole('alert')).toHaveTextContent(
      /^Du bist offline – zum Absenden der Bestellung brauchst du eine Verbindung\. Dein Warenkorb bleibt gespeichert\.$/,
    );
    expect(post).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(submit).toBeEnabled();
    expect(firstName).toHaveValue('Ada');
  });
});
