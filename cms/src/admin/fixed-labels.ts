/**
 * Labels Strapi's design system writes in English with no message to translate (its dialogs'
 * close button says "Close modal" unless the caller names it, and the media dialogs don't), with
 * the German a screen reader should say instead.
 */
const GERMAN_FOR_FIXED_LABELS: Record<string, string> = {
  'Close modal': 'Dialog schließen',
};

function relabel(root: Node) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let text = walker.currentNode as Text | null; text; text = walker.nextNode() as Text | null) {
    const german = text.nodeType === Node.TEXT_NODE ? GERMAN_FOR_FIXED_LABELS[text.nodeValue ?? ''] : undefined;
    if (german) text.nodeValue = german;
  }
}

/** While the panel speaks German, relabels each of those labels as it appears. */
export function translateFixedLabels(isGerman: () => boolean) {
  new MutationObserver((changes) => {
    if (!isGerman()) return;
    for (const change of changes) change.addedNodes.forEach(relabel);
  }).observe(document.body, { childList: true, subtree: true });
}
