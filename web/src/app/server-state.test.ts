import { dehydrate, hydrate } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { readServerState, serverStateScript } from './server-state';

// Texts an editor (or someone who got into the panel) could write into the cms.
const HOSTILE = '</script><script>alert(1)</script><!-- </SCRIPT> \u2028';

describe('the state a page rendered on the server hands to the browser', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  const pageWith = (text: string) => {
    const server = createQueryClient();
    server.setQueryData(['site-content'], { festival: { name: text } });
    return serverStateScript({ queries: dehydrate(server), router: { loaderData: { 0: null } } });
  };

  it('cannot be ended early by anything in the cms texts', () => {
    const script = pageWith(HOSTILE);
    expect(script.match(/<\/script/gi)).toHaveLength(1);
    expect(script.match(/<script/gi)).toHaveLength(1);
    expect(script).not.toContain('<!--');
  });

  it('arrives in the browser exactly as the server had it', () => {
    document.body.innerHTML = `<div id="root"></div>${pageWith(HOSTILE)}`;
    const state = readServerState();
    expect(state?.router).toEqual({ loaderData: { 0: null } });

    const browser = createQueryClient();
    hydrate(browser, state!.queries);
    expect(browser.getQueryData(['site-content'])).toEqual({ festival: { name: HOSTILE } });
    expect(document.querySelectorAll('script')).toHaveLength(1);
  });

  it('is absent from a page the browser renders alone', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(readServerState()).toBeNull();
  });
});
