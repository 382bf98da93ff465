import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkUnderline } from './remark-underline';

/**
 * The most a text's tree may hold to be drawn as markdown. Real texts stay far below (the
 * seeded privacy policy: about 700 nodes, 9 deep); a tree beyond is drawn as plain text, since
 * turning it into elements on the server's main thread would hold it (and a tree 60,000 deep,
 * `"> "` repeated, would overflow React's stack).
 */
export const MARKDOWN_BOUNDS = { nodes: 12_000, depth: 40 };

/** The same steps as react-markdown's own parse (remark-parse, then its remark plugins). */
const parser = unified().use(remarkParse).use(remarkGfm).use(remarkUnderline);

/** Walks the tree without recursion, dropping positions (nothing reads them) and counting. */
function withinBounds(tree: Root) {
  let nodes = 0;
  const stack: [Nodes, number][] = [[tree, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    nodes += 1;
    if (nodes > MARKDOWN_BOUNDS.nodes || depth > MARKDOWN_BOUNDS.depth) return false;
    delete node.position;
    if ('children' in node) for (const child of node.children) stack.push([child, depth + 1]);
  }
  return true;
}

/**
 * The text's markdown tree (mdast, GitHub flavour, underline pairs made), exactly what the
 * Markdown component draws from, or null when it is too large or too deep to draw. Runs in a
 * worker on the server (server/markdown-pool.mjs), where a text that takes too long is given up.
 */
export function markdownTree(text: string): Root | null {
  const tree = parser.runSync(parser.parse(text)) as Root;
  return withinBounds(tree) ? tree : null;
}
