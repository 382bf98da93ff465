import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { PerformerList } from './performer-list';

const { performers } = siteContentFixture();

describe('PerformerList', () => {
  it('shows a card per performer with photo, name, genre and houses', () => {
    render(<PerformerList performers={performers} label="Musik am Feuer" />);

    const cards = screen.getAllByRole('article');
    expect(cards).toHaveLength(3);
    const first = within(cards[0]);
    expect(first.getByRole('heading', { level: 3, name: 'Borislav der Laute' })).toBeInTheDocument();
    expect(first.getByRole('img', { name: 'Foto von Borislav der Laute' })).toHaveAttribute('src', '/uploads/borislav.jpg');
    expect(first.getByText('Italo')).toBeInTheDocument();
    expect(first.getByRole('list', { name: 'Häuser' })).toHaveTextContent('AschefreiWachnase');
  });

  it('paints house badges in the house colour with readable ink', () => {
    render(<PerformerList performers={performers} label="Musik am Feuer" />);

    const aschefrei = screen.getByText('Aschefrei');
    expect(aschefrei.style.getPropertyValue('--house-colour')).toBe('#8E3B2E');
    expect(aschefrei.style.getPropertyValue('--house-text')).toBe('#fbf6ea');
    expect(screen.getByText('Drei Pfeifen').style.getPropertyValue('--house-text')).toBe('#000000');
    // A house without a colour keeps the theme's badge colours.
    const cards = screen.getAllByRole('article');
    expect(within(cards[2]).getByText('Wachnase').getAttribute('style')).toBeNull();
  });

  it("names the performer's slots, each linking to its entry's page", () => {
    const [first, ...rest] = performers;
    const slots = [
      { slug: 'borislav-der-laute-12', day: '2025-07-24', start: '13:00', place: 'Große Feuerbühne' },
      { slug: 'borislav-der-laute-40', day: '2025-07-26', start: '21:00', place: 'Große Feuerbühne' },
    ];
    render(<PerformerList performers={[{ ...first!, slots }, ...rest]} label="Musik am Feuer" />);
    const list = screen.getByRole('list', { name: 'Auftritte von Borislav der Laute' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Do 24.7., 13:00 Uhr · Große Feuerbühne', 'Sa 26.7., 21:00 Uhr · Große Feuerbühne']);
    expect(links[1]).toHaveAttribute('href', '/programm/borislav-der-laute-40');
  });
});
