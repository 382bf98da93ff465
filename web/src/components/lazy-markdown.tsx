import { Skeleton } from '@mantine/core';
import { lazy, Suspense, type ComponentProps } from 'react';

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

/** The shared Markdown component, loaded on first use. */
export function LazyMarkdown(props: ComponentProps<typeof Markdown>) {
  return (
    <Suspense fallback={<MarkdownPlaceholder />}>
      <Markdown {...props} />
    </Suspense>
  );
}
