// The server's side of MarkdownParserContext: each text is parsed once (per content version)
// by the parse function the site's server configures (a worker with a time bound,
// server/markdown-pool.mjs), while the page's render waits for it (React's prerender waits for
// every suspended component).
import type { Root } from 'mdast';
import { markdownTree } from '@/components/markdown-tree';
import { textHash, type MarkdownOutcome, type MarkdownParser } from '@/components/markdown-parsing';

/** Parses a text apart from the event loop: its tree, or null when it could not be parsed in bounds. */
export type ParseMarkdown = (text: string) => Promise<Root | null>;

// A few dozen texts are on the site; an editor's change makes a new one. The text is the key:
// V8 hashes a string once and keeps it.
const OUTCOMES_KEPT = 256;

/**
 * A text given up is tried again after this long: a busy minute can make a real text miss the
 * worker's time bound, and it should not stay plain until an editor changes it.
 */
const GIVEN_UP_FOR_MS = 10 * 60_000;

type Parsing = { done: Promise<void>; outcome?: MarkdownOutcome; hash?: string; givenUpAt?: number };
const outcomes = new Map<string, Parsing>();

// Without a worker (a test that renders alone), the text is parsed in place.
let parseMarkdown: ParseMarkdown = async (text) => markdownTree(text);

export const setMarkdownParse = (parse: ParseMarkdown) => {
  parseMarkdown = parse;
  outcomes.clear();
};

function parsing(text: string): Parsing {
  const known = outcomes.get(text);
  if (known && !(known.givenUpAt !== undefined && Date.now() - known.givenUpAt > GIVEN_UP_FOR_MS)) return known;
  outcomes.delete(text);
  if (outcomes.size >= OUTCOMES_KEPT) outcomes.delete(outcomes.keys().next().value as string);
  const showPlain = () => {
    entry.outcome = 'plain';
    entry.hash = textHash(text);
    entry.givenUpAt = Date.now();
  };
  const entry: Parsing = {
    done: parseMarkdown(text).then((tree) => (tree ? void (entry.outcome = tree) : showPlain()), showPlain),
  };
  outcomes.set(text, entry);
  return entry;
}

/**
 * The parser for one render: a text not yet parsed suspends the component until it is; the
 * texts shown plain are added to `shownPlain` (by textHash), for the page's state.
 */
export const serverMarkdownParser =
  (shownPlain: Set<string>): MarkdownParser =>
  (text) => {
    const { done, outcome, hash } = parsing(text);
    // Thrown, as the hydration gate does (hydrate-near-screen.tsx): React renders the component
    // again once it settles.
    if (outcome === undefined) throw done;
    if (hash) shownPlain.add(hash);
    return outcome;
  };

/** Texts shorter than this are parsed when drawn, if ever: too short to hold a parse up. */
const PARSED_AHEAD_FROM = 32;

/** Every string in the answers (iteratively: the cms's JSON may nest deep). */
function textsIn(values: unknown[]): string[] {
  const texts = new Set<string>();
  const stack = [...values];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') {
      if (value.length >= PARSED_AHEAD_FROM) texts.add(value);
    } else if (value && typeof value === 'object') stack.push(...Object.values(value));
  }
  return [...texts];
}

/**
 * Parses every long text in a page's answers before the page is drawn, also those it does not
 * draw yet (an FAQ answer opens in the browser): resolves with the hashes of the texts given up,
 * which the browser then shows plain instead of parsing them on the visitor's phone.
 */
export async function parseAhead(answers: unknown[]): Promise<string[]> {
  const parsings = textsIn(answers).map(parsing);
  await Promise.all(parsings.map(({ done }) => done));
  return parsings.flatMap(({ hash }) => (hash ? [hash] : []));
}
