import { describe, expect, it } from 'vitest';
import { render } from '@/testing/render';
import { Markdown } from './markdown';
import { MarkdownParserContext, plainListedParser, textHash, type MarkdownParser } from './markdown-parsing';
import { markdownTree } from './markdown-tree';

// Everything the panel's toolbar writes, GFM, and what must never reach the DOM.
const TEXT = [
  '## Anreise',
  '**Fett**, _schräg_, ~~weg~~, <u>unterstrichen</u> und `Code`',
  '> Ein Zitat',
  '- [x] erledigt\n- [ ] offen',
  '| a | b |\n|---|---|\n| 1 | 2 |',
  '[Shop](/shop), [extern](https://example.org), [böse](javascript:alert(1)), ![Bild](/uploads/a.jpg), ![fremd](https://tracker.example/p.gif)',
  '<script>window.hacked = true</script><img src=x onerror="alert(1)">',
  'Fußnote[^1]\n\n[^1]: Hier.',
].join('\n\n');

const drawn = (text: string, parser?: MarkdownParser) =>
  render(
    parser ? (
      <MarkdownParserContext.Provider value={parser}>
        <Markdown>{text}</Markdown>
      </MarkdownParserContext.Provider>
    ) : (
      <Markdown>{text}</Markdown>
    ),
  ).container.innerHTML;

describe('where markdown is parsed', () => {
  it('draws a tree parsed elsewhere (the server’s worker) exactly as the text parsed in place', () => {
    const tree = markdownTree(TEXT);
    expect(tree).not.toBeNull();
    // Through structured cloning, as the tree comes back from the worker.
    const inPlace = drawn(TEXT);
    expect(drawn(TEXT, () => structuredClone(tree!))).toBe(inPlace);
    expect(inPlace).toContain('<u>unterstrichen</u>');
    expect(inPlace).not.toMatch(/javascript:|onerror|<script|tracker\.example/);
  });

  it('shows a text the server gave up on as it was written, without parsing it, and parses the others', () => {
    const given = `Kaputt\n\n${'*a'.repeat(50)}`;
    const parser = plainListedParser([textHash(given)]);
    const plain = drawn(given, parser);
    expect(plain).not.toContain('<em>');
    expect(new DOMParser().parseFromString(plain, 'text/html').body.textContent).toBe(given);
    expect(drawn('**Fett**', parser)).toContain('<strong>Fett</strong>');
  });

  it('gives up a tree too deep or too large to draw, and keeps real texts', () => {
    expect(markdownTree('> '.repeat(60))).toBeNull();
    expect(markdownTree('a\n\n'.repeat(6_100))).toBeNull();
    expect(markdownTree(TEXT)?.children.length).toBeGreaterThan(5);
    // 12 kB of paragraphs: 0.1 s alone, many seconds on a busy shared machine.
  }, 60_000);

  it('names a text the same way every time, and two texts apart', () => {
    expect(textHash('Die Geschichte')).toBe(textHash('Die Geschichte'));
    expect(textHash('Die Geschichte')).not.toBe(textHash('Die Geschichtf'));
  });
});
