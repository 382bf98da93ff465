import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { AgendaGallery } from './agenda-gallery';

const { agendaImages } = siteContentFixture();

const openPicture = async (user: ReturnType<typeof render>['user'], name: string) => {
  await user.click(screen.getByRole('link', { name }));
  const dialog = screen.getByRole('dialog', { name: 'Bild der Agenda' });
  expect(dialog.querySelector('figure img')).toHaveAttribute('alt', name);
  return dialog;
};

describe('AgendaGallery', () => {
  it('shows all 11 agenda pictures with their alt texts and fitting sizes', () => {
    render(<AgendaGallery images={agendaImages} label="Fünf Tage im Harz" />);

    // Links to the pictures, which work before the app takes the page over.
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(agendaImages.map((entry) => entry.image.url));
    const first = screen.getByRole('img', { name: 'Ankunft der Häuser' });
    expect(first).toHaveAttribute('srcset', expect.stringContaining('/uploads/small_agenda-1.jpg 500w'));
    expect(first).toHaveAttribute('sizes', expect.stringContaining('36rem'));
    expect(first).toHaveAttribute('loading', 'lazy');
  });

  it('opens a picture full screen and closes on a click anywhere', async () => {
    const { user } = render(<AgendaGallery images={agendaImages} label="Fünf Tage im Harz" />);

    const dialog = await openPicture(user, 'Bannerweihe');
    await user.click(dialog.querySelector('figure img')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const again = await openPicture(user, 'Markt und Met');
    await user.click(again);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with the close button and with Escape', async () => {
    const { user } = render(<AgendaGallery images={agendaImages} label="Fünf Tage im Harz" />);

    await openPicture(user, 'Eröffnungsfeuer');
    await user.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openPicture(user, 'Spiele im Wald');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
