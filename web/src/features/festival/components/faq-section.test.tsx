import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { siteContentFixture } from '../testing/site-content-fixture';
import { FaqSection } from './faq-section';

const { faq } = siteContentFixture();

const question = (name: string) => screen.getByRole('button', { name });
const expanded = () =>
  screen.getAllByRole('button').filter((button) => button.getAttribute('aria-expanded') === 'true');

describe('FaqSection', () => {
  it('starts with every answer closed', () => {
    render(<FaqSection items={faq} label="Am Feuer gefragt" />);

    expect(screen.getByText('Am Feuer gefragt')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(expanded()).toHaveLength(0);
  });

  it('keeps one answer open at a time, and closes the open one on a second click', async () => {
    const { user } = render(<FaqSection items={faq} label="Fragen am Lagerfeuer" />);

    await user.click(question('Warum ist das Fest mittelalterlich?'));
    expect(expanded()).toEqual([question('Warum ist das Fest mittelalterlich?')]);
    expect(await screen.findByText('zusammenpassen')).toBeVisible();

    await user.click(question('Gibt es trotzdem Musik?'));
    expect(expanded()).toEqual([question('Gibt es trotzdem Musik?')]);

    await user.click(question('Gibt es trotzdem Musik?'));
    expect(expanded()).toHaveLength(0);
  });

  it('renders answers as markdown', async () => {
    const { user } = render(<FaqSection items={faq} label="Fragen am Lagerfeuer" />);

    await user.click(question('Warum ist das Fest mittelalterlich?'));
    expect((await screen.findByText('zusammenpassen')).tagName).toBe('STRONG');
  });
});
