import { describe, expect, it } from 'vitest';
import { allowConsoleError, render, screen, waitFor } from '@/testing/render';
import { QrCode } from './qr-code';

describe('QrCode', () => {
  it('says it is generating, then shows the drawn code at the asked size', async () => {
    render(<QrCode value="https://chat.whatsapp.com/Demo" size={256} margin={2} label="QR-Code der Gruppe" />);

    expect(screen.getByRole('status')).toHaveTextContent('QR-Code wird generiert...');
    const image = await screen.findByRole('img', { name: 'QR-Code der Gruppe' });
    expect(image).toHaveAttribute('width', '256');
    const svg = decodeURIComponent(image.getAttribute('src')!.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
    expect(svg).toContain('<svg');
    expect(svg).toContain('width="256"');
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
    expect(screen.queryByText('QR-Code wird generiert...')).not.toBeInTheDocument();
  });

  it('only logs a failure to the console', async () => {
    allowConsoleError();
    render(<QrCode value="" size={200} margin={1} label="QR-Code" />);

    await waitFor(() => expect(console.error).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
