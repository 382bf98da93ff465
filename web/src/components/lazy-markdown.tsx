import { Skeleton } from '@mantine/core';
import { lazy, Suspense, useId, type ComponentProps } from 'react';
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

/**
 * The shared Markdown component, loaded on first use. Text the server drew stays the server's
 * until input reaches it: a page's first seconds on a phone do not go to loading the parser and
 * parsing every text again to draw what is already there.
 */
export function LazyMarkdown(props: Omit<ComponentProps<typeof Markdown>, 'id'>) {
  // The same on the server and in the browser: the element the browser waits on is the server's.
  const id = useId();
  return (
    <HydrateOnInput anchorId={id}>
      <Suspense fallback={<MarkdownPlaceholder />}>
        <Markdown id={id} {...props} />
      </Suspense>
    </HydrateOnInput>
  );
}
