import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '@/lib/api-client';
import { act, fireEvent, render, screen } from '@/testing/render';
import { createQueryClient } from '@/lib/query-client';
import { SENT_CODE_QUERY_KEY, type SentCodeAnswer } from '../api/sent-code';
import { AccessPanel } from './access-panel';

const house = {
  name: 'Aschefrei',
  chatUrl: 'https://chat.whatsapp.com/DemoHausAschefrei',
  emblem: '/uploads/aschefrei.png',
  colour: '#8E3B2E',
};

const answer = (status: number, data: unknown) => ({ status, data });

const input = () => screen.getByLabelText('Dein persönlicher Code');
const submitCode = (code: string) => {
  fireEvent.change(input(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Freischalten' }));
};
// React Query hands results over on a zero-delay timer: let fake time run for it.
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));

// The answer's schemas load with the first code sent (verify-code.ts); loaded here, as a browser
// has them from its cache, so fake time does not wait on the module loader.
beforeAll(async () => {
  await Promise.all([import('@contract/access-codes'), import('@contract/common')]);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('AccessPanel', () => {
  it('shows the form: heading, the editors’ introduction, the one code field and the unlock button, and a way back', () => {
    render(<AccessPanel intro="Gib hier den Code aus deiner Tribut-Mail ein." />);

    expect(screen.getByRole('heading', { level: 1, name: 'Zugang zum Haus' })).toBeInTheDocument();
    expect(screen.getByText('Gib hier den Code aus deiner Tribut-Mail ein.')).toBeInTheDocument();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(input()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Freischalten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Zurück zur Hauptseite' })).toHaveAttribute('href', '/');
    expect(document.getElementById('login')).toBeInTheDocument();
  });

  it('refuses an empty code without asking the server, and hides the message after 3 seconds', () => {
    vi.useFakeTimers();
    const post = vi.spyOn(api, 'post');
    render(<AccessPanel />);

    submitCode('   ');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Bitte gib einen Zugangscode ein\.$/);
    expect(post).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows the server's error text for 3 seconds", async () => {
    vi.useFakeTimers();
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(answer(429, { success: false, error: 'Zu viele Versuche. Bitte warte ein paar Minuten.' }));
    render(<AccessPanel />);

    submitCode('  abcde-fghjk ');
    await settle();
    expect(post).toHaveBeenCalledWith('/auth/verify-code', { code: 'abcde-fghjk' }, expect.anything());
    expect(screen.getByRole('alert')).toHaveTextContent('Zu viele Versuche. Bitte warte ein paar Minuten.');

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the form locked for the lock-out’s Retry-After, counting down, after the 3-second message', async () => {
    vi.useFakeTimers();
    vi.spyOn(api, 'post').mockResolvedValue({
      ...answer(429, { success: false, error: 'Zu viele Versuche. Bitte warte ein paar Minuten.' }),
      headers: new Headers({ 'Retry-After': '125' }),
    });
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    await settle();
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(input()).toHaveAttribute('aria-describedby', screen.getByRole('alert').id);
    expect(screen.getByRole('button', { name: 'Gesperrt – noch 2:05' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(input()).not.toHaveAttribute('aria-invalid');
    expect(input()).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('button', { name: 'Gesperrt – noch 2:02' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(122_000));
    expect(screen.getByRole('button', { name: 'Freischalten' })).toBeEnabled();
  });

  it('shows the default message when a refusal carries no error text', async () => {
    vi.spyOn(api, 'post').mockResolvedValue(answer(400, ''));
    render(<AccessPanel />);

    submitCode('FALSCH1234');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Ungültiger Zugangscode\. Bitte überprüfe deinen Code und versuche es erneut\.$/,
    );
  });

  it('reports a network failure', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(null, 'Keine Verbindung zum Server'));
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Fehler beim Überprüfen des Codes\. Bitte versuche es erneut\.$/,
    );
  });

  it('welcomes the visitor into the house and opens the chat 100 ms later', async () => {
    vi.useFakeTimers();
    vi.spyOn(api, 'post').mockResolvedValue(answer(200, { success: true, house }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    await settle();

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Willkommen im Aschefrei');
    expect(screen.getByRole('img', { name: 'Wappen des Hauses Aschefrei' })).toHaveAttribute('src', house.emblem);
    expect(screen.getByRole('heading', { level: 2, name: 'Dein Haus-Chat' })).toBeInTheDocument();
    const button = screen.getByRole('link', { name: 'WhatsApp Gruppe öffnen' });
    expect(button).toHaveAttribute('href', house.chatUrl);
    expect(button).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByLabelText('Dein persönlicher Code')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Zurück zur Hauptseite' })).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(99));
    expect(open).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(house.chatUrl, '_blank', 'noopener,noreferrer');
  });

  it('draws the chat QR code, and shows no emblem when the house has none', async () => {
    vi.spyOn(api, 'post').mockResolvedValue(answer(200, { success: true, house: { ...house, emblem: null } }));
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    const qr = await screen.findByRole('img', { name: 'QR-Code zum Chat des Hauses Aschefrei' });
    expect(qr).toHaveAttribute('width', '200');
    expect(screen.queryByRole('img', { name: /Wappen/ })).not.toBeInTheDocument();
  });

  it('never links or opens a chat address that is no web address', async () => {
    vi.useFakeTimers();
    vi.spyOn(api, 'post').mockResolvedValue(
      answer(200, { success: true, house: { ...house, chatUrl: 'javascript:alert(1)' } }),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    await settle();
    await act(() => vi.advanceTimersByTimeAsync(500));

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Willkommen im Aschefrei');
    expect(screen.queryByRole('link', { name: 'WhatsApp Gruppe öffnen' })).not.toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});

describe('AccessPanel without a connection', () => {
  const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

  afterEach(() => {
    window.localStorage.clear();
  });

  it('says the code check needs a connection instead of asking the server', () => {
    goOffline();
    const post = vi.spyOn(api, 'post');
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Du bist offline – zum Prüfen des Codes brauchst du eine Verbindung\.$/);
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the remembered house with its chat QR from the device', async () => {
    window.localStorage.setItem('game-of-slavs_house-code', 'ABCDE-FGHJK');
    window.localStorage.setItem('game-of-slavs_house', JSON.stringify(house));
    goOffline();
    const post = vi.spyOn(api, 'post');
    render(<AccessPanel />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen im Aschefrei' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'WhatsApp Gruppe öffnen' })).toHaveAttribute('href', house.chatUrl);
    expect(await screen.findByRole('img', { name: 'QR-Code zum Chat des Hauses Aschefrei' })).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('shows the remembered house when the check finds no connection, and forgets it with the code', async () => {
    window.localStorage.setItem('game-of-slavs_house-code', 'ABCDE-FGHJK');
    window.localStorage.setItem('game-of-slavs_house', JSON.stringify(house));
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(null, 'Keine Verbindung zum Server'));
    render(<AccessPanel />);

    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen im Aschefrei' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Auf diesem Gerät vergessen' }));
    expect(window.localStorage.getItem('game-of-slavs_house')).toBeNull();
    expect(window.localStorage.getItem('game-of-slavs_house-code')).toBeNull();
  });

  it('keeps the house with the code when the guest chooses to remember it', async () => {
    vi.spyOn(api, 'post').mockResolvedValue(answer(200, { success: true, house }));
    vi.spyOn(window, 'open').mockReturnValue(null);
    render(<AccessPanel />);

    submitCode('ABCDE-FGHJK');
    fireEvent.click(await screen.findByRole('button', { name: 'Auf diesem Gerät merken' }));
    expect(JSON.parse(window.localStorage.getItem('game-of-slavs_house') ?? 'null')).toEqual(house);
  });

  describe('with a code the server answered (sent as a form before the takeover)', () => {
    const renderSent = (sent: SentCodeAnswer) => {
      const queryClient = createQueryClient();
      queryClient.setQueryData(SENT_CODE_QUERY_KEY, sent);
      return render(<AccessPanel />, { queryClient });
    };

    it('shows the house without asking again, and opens the chat only from its button', () => {
      const post = vi.spyOn(api, 'post');
      const open = vi.spyOn(window, 'open').mockReturnValue(null);
      const chatQrCode = 'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E';
      renderSent({ code: ' ABCDE-FGHJK ', result: { verified: true, house }, status: 200, chatQrCode });

      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Willkommen im Aschefrei');
      // The QR code the server drew, from the first render: no "wird generiert" on a page without scripts.
      expect(screen.getByRole('img', { name: 'QR-Code zum Chat des Hauses Aschefrei' })).toHaveAttribute('src', chatQrCode);
      expect(screen.queryByText('QR-Code wird generiert...')).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'WhatsApp Gruppe öffnen' })).toHaveAttribute('href', house.chatUrl);
      expect(post).not.toHaveBeenCalled();
      expect(open).not.toHaveBeenCalled();
    });

    it('shows the refusal with the code still in the field, and hides the message after 3 seconds', () => {
      vi.useFakeTimers();
      renderSent({ code: 'FALSCH-1234', result: { verified: false, error: 'Ungültiger Zugangscode.', retryAfterSeconds: null }, status: 400 });

      expect(input()).toHaveValue('FALSCH-1234');
      expect(screen.getByRole('alert')).toHaveTextContent(/^Ungültiger Zugangscode\.$/);
      act(() => vi.advanceTimersByTime(3000));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Freischalten' })).toBeEnabled();
    });

    it('stays locked for the Retry-After the server was given', () => {
      vi.useFakeTimers();
      renderSent({ code: 'ABCDE-FGHJK', result: { verified: false, error: 'Zu viele Versuche. Bitte warte ein paar Minuten.', retryAfterSeconds: 90 }, status: 429 });

      expect(screen.getByRole('button', { name: 'Gesperrt – noch 1:30' })).toBeDisabled();
      act(() => vi.advanceTimersByTime(90_000));
      expect(screen.getByRole('button', { name: 'Freischalten' })).toBeEnabled();
    });

    it('says the check failed when the server got no answer from the cms', () => {
      renderSent({ code: 'ABCDE-FGHJK', result: null, status: 503 });
      expect(screen.getByRole('alert')).toHaveTextContent(/^Fehler beim Überprüfen des Codes\. Bitte versuche es erneut\.$/);
    });

    it('is a plain form posted to the page itself, with the code as its field', () => {
      render(<AccessPanel />);
      const form = input().closest('form')!;
      expect(form).toHaveAttribute('method', 'post');
      expect(form).toHaveAttribute('action', '/enthuelle-dein-wappen');
      expect(input()).toHaveAttribute('name', 'code');
    });
  });
});
