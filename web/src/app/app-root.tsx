import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { MarkdownParserContext, type MarkdownParser } from '@/components/markdown-parsing';
import { AppProvider } from './provider';

/** Marks the document once React has taken the page over (the browser tests wait for it). */
function AppReady({ onReady }: { onReady?: () => void }) {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    onReady?.();
  }, [onReady]);
  return null;
}

/**
 * The tree around the router, the same on the server and in the browser. React's useId derives
 * an id from the tree's shape, so a sibling on one side only gives every id below it another
 * value: the ids the server wrote would not be the ones the browser looks for (LazyMarkdown
 * finds the text the server drew by one).
 */
export function AppRoot({
  queryClient,
  router,
  markdownParser,
  onReady,
}: {
  queryClient: QueryClient;
  router: ReactNode;
  /** Where cms markdown is parsed (components/markdown-parsing.ts): on the server in a worker, in the browser as the server's state says. */
  markdownParser: MarkdownParser;
  onReady?: () => void;
}) {
  return (
    <StrictMode>
      <AppProvider queryClient={queryClient}>
        <MarkdownParserContext.Provider value={markdownParser}>{router}</MarkdownParserContext.Provider>
        <AppReady onReady={onReady} />
      </AppProvider>
    </StrictMode>
  );
}
