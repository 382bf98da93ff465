import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { FestivalFooter } from './festival-footer';

const { festival } = siteContentFixture();

describe('FestivalFooter', () => {
  it('shows title and dates, contact, legal links and the copyright of this year', () => {
    render(<FestivalFooter festival={festival} />);

    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('Slawenfest im Harz')).toBeInTheDocument();
    expect(within(footer).getByText('24. – 28. Juli 2025')).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'kontakt@game-of-slavs.example' })).toHaveAttribute(
      'href',
      'mailto:kontakt@game-of-slavs.example',
    );
    expect(within(footer).getByRole('link', { name: 'Impressum' })).toHaveAttribute('href', '/impressum');
    expect(within(footer).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/datenschutz');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Slawenfest im Harz`);
  });

  it('opens the WhatsApp modal, which draws the group QR code 256 px wide', async () => {
    const { user } = render(<FestivalFooter festival={festival} />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const group = screen.getByRole('link', { name: 'WhatsApp-Gruppe' });
    // Before the takeover and without scripts, the link opens the group itself.
    expect(group).toHaveAttribute('href', festival.whatsappGroupUrl);
    await user.click(group);

    // The dialog's code loads on the first opening.
    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp-Gruppe' });
    const qr = await within(dialog).findByRole('img', { name: /QR-Code der WhatsApp-Gruppe/ });
    expect(qr).toHaveAttribute('width', '256');
    expect(within(dialog).getByRole('link', { name: 'Gruppe direkt öffnen' })).toHaveAttribute(
      'href',
      festival.whatsappGroupUrl,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
