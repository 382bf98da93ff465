import { describe, expect, it } from 'vitest';
import { render, screen } from '@/testing/render';
import { LazyMarkdown } from './lazy-markdown';
import { Markdown } from './markdown';

describe('Markdown', () => {
  it('renders GitHub-flavoured markdown', () => {
    render(<Markdown>{'## Anreise\n\n**Fett** und\n\n- [x] erledigt\n\n| a | b |\n|---|---|\n| 1 | 2 |'}</Markdown>);

    expect(screen.getByRole('heading', { level: 2, name: 'Anreise' })).toBeInTheDocument();
    expect(screen.getByText('Fett').tagName).toBe('STRONG');
    expect(screen.getByRole('checkbox')).toBeChecked();
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

  it('loads lazily and then shows the text', async () => {
    render(<LazyMarkdown>{'Ein **Fest** im Harz'}</LazyMarkdown>);
    expect(await screen.findByText('Fest')).toBeInTheDocument();
  });
});
