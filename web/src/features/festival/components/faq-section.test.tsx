import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { FaqSection } from './faq-section';

const { faq } = siteContentFixture();

const question = (name: string) => screen.getByRole('heading', { level: 3, name });
/** The questions whose answer is open: `<details>` that the browser opens and closes itself. */
const open = () =>
  [...document.querySelectorAll<HTMLDetailsElement>('details')].filter((details) => details.open).map((details) => details.querySelector('h3')!.textContent);

describe('FaqSection', () => {
  it('starts with every answer closed', () => {
    render(<FaqSection items={faq} label="Am Feuer gefragt" />);

    expect(screen.getByText('Am Feuer gefragt')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(open()).toEqual([]);
  });

  it('keeps one answer open at a time, and closes the open one on a second click', async () => {
    const { user } = render(<FaqSection items={faq} label="Fragen am Lagerfeuer" />);

    await user.click(question('Warum ist das Fest mittelalterlich?'));
    expect(open()).toEqual(['Warum ist das Fest mittelalterlich?']);
    expect(await screen.findByText('zusammenpassen')).toBeVisible();

    await user.click(question('Gibt es trotzdem Musik?'));
    expect(open()).toEqual(['Gibt es trotzdem Musik?']);
    expect(screen.getByText('zusammenpassen')).not.toBeVisible();

    await user.click(question('Gibt es trotzdem Musik?'));
    expect(open()).toEqual([]);
  });

  it('keeps the open answer in the history entry', async () => {
    const { user } = render(<FaqSection items={faq} label="Fragen am Lagerfeuer" />);

    await user.click(question('Gibt es trotzdem Musik?'));
    expect(window.history.state).toMatchObject({ choices: { faq: '2' } });
  });

  it('renders answers as markdown', async () => {
    const { user } = render(<FaqSection items={faq} label="Fragen am Lagerfeuer" />);

    await user.click(question('Warum ist das Fest mittelalterlich?'));
    expect((await screen.findByText('zusammenpassen')).tagName).toBe('STRONG');
  });
});
