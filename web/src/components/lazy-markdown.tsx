import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useId, useState, type ComponentProps } from 'react';
import { HydrateOnInput } from './hydrate-near-screen';

// react-markdown and its parser stay out of the entry chunk; they load with the first text that needs them.
const Markdown = lazy(() => import('./markdown').then((module) => ({ default: module.Markdown })));

function MarkdownPlaceholder() {
  return (
    <div aria-hidden="true">
      <Skeleton height={12} radius="xl" mb="sm" opacity={0.25} />
      <Skeleton height={12} radius="xl" mb="sm" opacity={0.25} />
      <Skeleton height={12} radius="xl" width="70%" opacity={0.25} />
    </div>
  );
}

type Drawn = { className: string; html: string };

/** The text as the server drew it into this page, if it did: read before React takes the element over. */
function drawnByServer(id: string): Drawn | null {
  const element = typeof document === 'undefined' ? null : document.getElementById(id);
  return element ? { className: element.className, html: element.innerHTML } : null;
}

/**
 * The shared Markdown component, loaded on first use. Text the server drew stays the server's
 * until input reaches it: a page's first seconds on a phone do not go to loading the parser and
 * parsing every text again to draw what is already there.
 */
export function LazyMarkdown(props: Omit<ComponentProps<typeof Markdown>, 'id'>) {
  // The same on the server and in the browser: the element the browser waits on is the server's.
  const id = useId();
  const [drawn] = useState(() => drawnByServer(id));
  // A navigation (even to a #section of this page) can make React draw a waiting text anew
  // before the parser has loaded: it then shows the server's text, not a skeleton of another
  // height that would move everything below it. That markup is the one the server rendered from
  // this very text through the Markdown component, already in this document.
  const fallback = drawn ? <div id={id} className={drawn.className} dangerouslySetInnerHTML={{ __html: drawn.html }} /> : <MarkdownPlaceholder />;
  return (
    <HydrateOnInput anchorId={id}>
      <Suspense fallback={fallback}>
        <Markdown id={id} {...props} />
      </Suspense>
    </HydrateOnInput>
  );
}
