import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { InfoSection } from './info-section';

const { festival, accommodationPhotos } = siteContentFixture();

describe('InfoSection', () => {
  it('opens on the travel tab: address, car, train, parking and a map image linking to the maps service', async () => {
    render(<InfoSection festival={festival} photos={accommodationPhotos} />);

    expect(screen.getByRole('radio', { name: 'Anreise' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Unterkunft' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Ablauf' })).not.toBeChecked();

    // One panel shows: the others are hidden until their tab is chosen.
    const panel = screen.getByRole('region', { name: 'Anreise' });
    expect(screen.queryByRole('region', { name: 'Unterkunft' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Ablauf' })).not.toBeInTheDocument();
    expect(within(panel).getByText(/Am Hexenstieg 6/)).toBeInTheDocument();
    expect(within(panel).getByText(festival.travelCar!)).toBeInTheDocument();
    expect(within(panel).getByText(festival.travelTrain!)).toBeInTheDocument();
    expect(await within(panel).findByText('direkt am Gelände')).toBeInTheDocument();

    const map = within(panel).getByRole('img', { name: /Karte der Anfahrt/ });
    expect(map).toHaveAttribute('src', '/uploads/karte.jpg');
    const link = map.closest('a')!;
    expect(link).toHaveAttribute('href', festival.mapsUrl);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shows the lodge facts from the cms numbers and the photos in a lightbox', async () => {
    const { user } = render(<InfoSection festival={festival} photos={accommodationPhotos} />);

    await user.click(screen.getByRole('radio', { name: 'Unterkunft' }));
    expect(screen.getByRole('radio', { name: 'Unterkunft' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Anreise' })).not.toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Unterkunft' });
    expect(within(panel).getByText('8 Schlafzimmer')).toBeInTheDocument();
    expect(within(panel).getByText('bis zu 24 Personen')).toBeInTheDocument();
    expect(within(panel).getByText('5.000 m²')).toBeInTheDocument();

    const photo = within(panel).getByRole('link', { name: 'Die große Halle mit Kamin' });
    expect(photo).toHaveAttribute('href', '/uploads/halle.jpg');
    await user.click(photo);
    const lightbox = await screen.findByRole('dialog', { name: 'Fotos der Unterkunft' });
    expect(within(lightbox).getByText('2 / 3')).toBeInTheDocument();

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(lightbox).getByText('3 / 3')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(within(lightbox).getByText('1 / 3')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the schedule text on the third tab', async () => {
    const { user } = render(<InfoSection festival={festival} photos={accommodationPhotos} />);

    await user.click(screen.getByRole('radio', { name: 'Ablauf' }));
    expect(screen.getByRole('region', { name: 'Ablauf' })).toHaveTextContent('Der Ablaufplan folgt in Kürze.');
  });

  it('keeps the placeholder sentence exactly while the programme has no entry, and links the programme once it has', async () => {
    const bare = { ...festival, scheduleText: null };
    const { user, unmount } = render(<InfoSection festival={bare} photos={accommodationPhotos} programmeEntries={0} />);
    await user.click(screen.getByRole('radio', { name: 'Ablauf' }));
    expect(screen.getByRole('region', { name: 'Ablauf' })).toHaveTextContent(/^Der Ablaufplan folgt in Kürze\.$/);
    unmount();

    const withProgramme = render(<InfoSection festival={festival} photos={accommodationPhotos} programmeEntries={148} />);
    await withProgramme.user.click(screen.getByRole('radio', { name: 'Ablauf' }));
    const panel = screen.getByRole('region', { name: 'Ablauf' });
    expect(panel).not.toHaveTextContent('folgt in Kürze');
    expect(within(panel).getByRole('link', { name: 'Zum Programm' })).toHaveAttribute('href', '/programm');
  });
});
