import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { vi } from 'vitest';

/** The markup the site's server sends for `ui`: rendered as in Node, where there is no document. */
export function renderOnServer(ui: ReactElement): string {
  const { document } = globalThis;
  vi.stubGlobal('document', undefined);
  try {
    return renderToString(ui);
  } finally {
    vi.stubGlobal('document', document);
  }
}
