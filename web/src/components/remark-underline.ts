import type { Nodes, Parent, PhrasingContent, Root } from 'mdast';

// The panel's markdown editor underlines with raw HTML (`<u>…</u>`), the only HTML its toolbar
// writes. Raw HTML stays dropped (skipHtml); this pair alone becomes a <u> element, made here
// from the markdown tree and never from the HTML text, so no attribute can come along.
const OPEN = /^<u>$/i;
const CLOSE = /^<\/u>$/i;

const isHtml = (node: Nodes, pattern: RegExp) => node.type === 'html' && pattern.test(node.value.trim());

function underlinePairs(parent: Parent) {
  const children = parent.children as Nodes[];
  for (let start = 0; start < children.length; start += 1) {
    if (!isHtml(children[start], OPEN)) continue;
    const end = children.findIndex((node, index) => index > start && isHtml(node, CLOSE));
    if (end === -1) break;
    const underlined = {
      type: 'underline',
      children: children.slice(start + 1, end) as PhrasingContent[],
      data: { hName: 'u' },
    };
    children.splice(start, end - start + 1, underlined as unknown as Nodes);
  }
  for (const child of children) if ('children' in child) underlinePairs(child as Parent);
}

/** remark plugin: `<u>text</u>` within one paragraph, heading or list item renders underlined. */
export function remarkUnderline() {
  return (tree: Root) => underlinePairs(tree);
}
