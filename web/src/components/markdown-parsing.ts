import type { Root } from 'mdast';
import { createContext } from 'react';

/** The tree to draw, or `plain`: the text is shown as it is, since its markdown could not be parsed in bounds. */
export type MarkdownOutcome = Root | 'plain';

/**
 * How the Markdown component gets a text's tree. Undefined means "parse it here" (the browser,
 * for a text no server has looked at). The server's parser suspends until its worker has the
 * tree; the browser's answers `plain` for the texts the server gave up on, so a phone never
 * parses what stalled the server and draws the very markup it hydrates.
 */
export type MarkdownParser = (text: string) => MarkdownOutcome | undefined;

const parseHere: MarkdownParser = () => undefined;

export const MarkdownParserContext = createContext<MarkdownParser>(parseHere);

/**
 * A short name for a text (53-bit FNV-1a style hash, cyrb53), the same on the server and in
 * the browser without waiting for crypto.subtle: the page's state lists the texts shown plain by it.
 */
export function textHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The browser's parser for a page the server rendered: the texts it listed are shown plain, the others parsed here. */
export const plainListedParser = (plainTexts: readonly string[] | undefined): MarkdownParser => {
  if (!plainTexts || plainTexts.length === 0) return parseHere;
  const listed = new Set(plainTexts);
  return (text) => (listed.has(textHash(text)) ? 'plain' : undefined);
};
