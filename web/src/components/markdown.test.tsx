import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { LazyMarkdown } from './lazy-markdown';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown', () => {
    render(<Markdown>{'## Anreise\n\n**Fett** und\n\n- [x] erledigt\n\n| a | b |\n|---|---|\n| 1 | 2 |'}</Markdown>);

    expect(screen.getByRole('heading', { level: 2, name: 'Anreise' })).toBeInTheDocument();
    expect(screen.getByText('Fett').tagName).toBe('STRONG');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('erledigt').closest('li')).toHaveTextContent(/^✓ ?erledigt$/);
    expect(screen.getByRole('table')).toBeInTheDocument();
  });

  it('never puts a javascript: link into the DOM', () => {
    const { container } = render(
      <Markdown>{'[Klick](javascript:alert(1)) und [auch](JAVASCRIPT:alert(2)) und <javascript:alert(3)>'}</Markdown>,
    );

    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Klick')).toBeInTheDocument();
    expect(container.innerHTML.toLowerCase()).not.toContain('javascript:alert(1)');
    expect(container.innerHTML.toLowerCase()).not.toContain('href');
  });

  it('does not render raw HTML such as a script or an event handler', () => {
    const { container } = render(
      <Markdown>{'Vorher\n\n<script>window.hacked = true</script>\n\n<img src=x onerror="alert(1)">\n\nNachher'}</Markdown>,
    );

    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(screen.getByText('Vorher')).toBeInTheDocument();
    expect(screen.getByText('Nachher')).toBeInTheDocument();
  });

  it('opens links to other sites in a new tab without opener or referrer', () => {
    render(<Markdown>{'[Zahlung](https://pay.example/pool) und [Impressum](/impressum) und [Mail](mailto:a@b.example)'}</Markdown>);

    const external = screen.getByRole('link', { name: 'Zahlung' });
    expect(external).toHaveAttribute('href', 'https://pay.example/pool');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    const internal = screen.getByRole('link', { name: 'Impressum' });
    expect(internal).toHaveAttribute('href', '/impressum');
    expect(internal).not.toHaveAttribute('target');
    expect(screen.getByRole('link', { name: 'Mail' })).toHaveAttribute('href', 'mailto:a@b.example');
  });

  // What each button of the panel's markdown toolbar writes (Strapi's Wysiwyg utils), as an
  // editor would combine them: the visitor must see each of them as the editor's preview does.
  it('renders everything the panel\'s markdown toolbar writes', () => {
    const fromToolbar = [
      '# Titel eins',
      '## Titel zwei',
      '###### Titel sechs',
      '**Fett**, _kursiv_, <u>unterstrichen</u>, ~~durchgestrichen~~ und <u>**fett unterstrichen**</u>',
      '```\nCode\n```',
      '>Zitat',
      '- Punkt eins\n- Punkt zwei',
      '1. Schritt eins\n2. Schritt zwei',
      '[Anreise](/#info) und [Karte](https://www.openstreetmap.org/)',
      '![Lagerfeuer](/uploads/lagerfeuer.jpg)',
    ].join('\n\n');
    const { container } = render(<Markdown>{fromToolbar}</Markdown>);

    expect(screen.getByRole('heading', { level: 1, name: 'Titel eins' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Titel zwei' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 6, name: 'Titel sechs' })).toBeInTheDocument();
    expect(screen.getByText('Fett').tagName).toBe('STRONG');
    expect(screen.getByText('kursiv').tagName).toBe('EM');
    expect(screen.getByText('unterstrichen').tagName).toBe('U');
    expect(screen.getByText('durchgestrichen').tagName).toBe('DEL');
    expect(screen.getByText('fett unterstrichen').parentElement?.tagName).toBe('U');
    expect(container.querySelector('pre code')).toHaveTextContent('Code');
    expect(container.querySelector('blockquote')).toHaveTextContent('Zitat');
    expect(screen.getAllByRole('list')).toHaveLength(2);
    expect(container.querySelector('ol')).toHaveTextContent('Schritt eins');
    expect(screen.getByRole('link', { name: 'Anreise' })).toHaveAttribute('href', '/#info');
    expect(screen.getByRole('link', { name: 'Karte' })).toHaveAttribute('href', 'https://www.openstreetmap.org/');
    expect(screen.getByRole('img', { name: 'Lagerfeuer' })).toHaveAttribute('src', '/uploads/lagerfeuer.jpg');
    expect(container.innerHTML).not.toMatch(/&lt;u&gt;|<u [^>]/);
  });

  it('underlines only the bare <u> pair, and shows pictures only from this site', () => {
    const { container } = render(
      <Markdown>{'<u onclick="alert(1)">eins</u> <u style="x">zwei</u> <u>offen\n\n![Fremd](https://tracker.example/pixel.gif)'}</Markdown>,
    );

    expect(container.querySelector('u')).toBeNull();
    expect(container.innerHTML).not.toMatch(/onclick|style=/);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('Fremd')).toBeInTheDocument();
  });

  it('loads lazily and then shows the text', async () => {
    render(<LazyMarkdown>{'Ein **Fest** im Harz'}</LazyMarkdown>);
    expect(await screen.findByText('Fest')).toBeInTheDocument();
  });
});
