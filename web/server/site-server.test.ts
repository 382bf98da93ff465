import { describe, expect, it } from 'vitest';
import { pageHtml } from './site-server.mjs';

// The parts of the built index.html that pageHtml works on, as Vite writes them.
const TEMPLATE = `<!doctype html>
<html lang="de">
  <head>
    <title>Game Of Slavs – Mittelalterliches Festival im Harz</title>
    <meta
      name="description"
      content="Das Festival im Harz."
    />
    <meta property="og:title" content="Game Of Slavs" />
    <link rel="preload" href="/api/site-content" as="fetch" crossorigin="use-credentials" />
    <link rel="preload" href="/api/settings/shop_enabled" as="fetch" crossorigin="use-credentials" />
    <link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-def.js">
    <link rel="stylesheet" crossorigin href="/assets/style-123.css">
  </head>
  <body>
    <div id="root"><!--app-->
      <div class="app-shell-loading" role="status"></div>
    <!--/app--></div>
  </body>
</html>
`;

const page: Parameters<typeof pageHtml>[1] = {
  html: '<main><h1>Slawenfest</h1></main>',
  head: {
    title: 'Merchandising & mehr | Game Of Slavs',
    meta: [
      [{ attribute: 'name', key: 'description' }, 'Hemden "mit" Wappen <jetzt>'],
      [{ attribute: 'property', key: 'og:title' }, 'Merchandising & mehr | Game Of Slavs'],
      [{ attribute: 'property', key: 'og:url' }, 'https://game-of-slavs.example/shop'],
      [{ attribute: 'property', key: 'og:image' }, null],
    ],
  },
  stateScript: '<script id="server-state" type="application/json">{}</script>',
};

describe('a rendered page in index.html', () => {
  const html = pageHtml(TEMPLATE, page);

  it('puts the markup in place of the shell', () => {
    expect(html).toContain('<div id="root"><main><h1>Slawenfest</h1></main></div>');
    expect(html).not.toContain('app-shell-loading');
  });

  it('carries the page title and meta tags, escaped', () => {
    expect(html).toContain('<title>Merchandising &amp; mehr | Game Of Slavs</title>');
    expect(html).toContain('<meta name="description" content="Hemden &quot;mit&quot; Wappen &lt;jetzt&gt;" />');
    expect(html).toContain('<meta property="og:title" content="Merchandising &amp; mehr | Game Of Slavs" />');
    expect(html).toContain('<meta property="og:url" content="https://game-of-slavs.example/shop" />');
    expect(html).not.toContain('og:image');
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it('leaves out the preloads of answers that are already inside, keeps the rest', () => {
    expect(html).not.toContain('as="fetch"');
    expect(html).toContain('<link rel="preload" href="/assets/font.woff2" as="font"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/style-123.css">');
  });

  it('asks for the scripts once the page is painted, after the state they read', () => {
    expect(html).not.toContain('src="/assets/index-abc.js"');
    expect(html).not.toContain('rel="modulepreload"');
    const state = html.indexOf('id="server-state"');
    const loader = html.indexOf('import("/assets/index-abc.js")');
    expect(state).toBeGreaterThan(html.indexOf('</main>'));
    expect(loader).toBeGreaterThan(state);
    expect(html).toContain('["/assets/react-def.js"]');
    expect(html).toContain("getEntriesByName('first-contentful-paint')");
  });
});

describe('the chunks a page imports after its takeover', () => {
  const manifest = {
    'src/app/routes/landing-sections.tsx': { file: 'assets/sections-1.js', imports: ['_Modal-2.js', 'node_modules/react-dom/index.js'] },
    '_Modal-2.js': { file: 'assets/Modal-2.js', imports: ['node_modules/react-dom/index.js'] },
    'node_modules/react-dom/index.js': { file: 'assets/react-def.js' },
  };
  const laterChunks = (html: string) => {
    const listed = html.match(/<script id="later-chunks" type="application\/json">([^<]*)<\/script>/)?.[1];
    return listed === undefined ? null : (JSON.parse(listed) as string[]);
  };

  it('are listed in the page, each once, without those the entry preloads already', () => {
    const html = pageHtml(TEMPLATE, { ...page, importedLater: ['src/app/routes/landing-sections.tsx'] }, manifest);
    expect(laterChunks(html)).toEqual(['/assets/sections-1.js', '/assets/Modal-2.js']);
    expect(html.indexOf('id="later-chunks"')).toBeGreaterThan(html.indexOf('id="server-state"'));
  });

  it('are not listed for a page that imports nothing later, or a module the build does not have', () => {
    expect(laterChunks(pageHtml(TEMPLATE, page, manifest))).toBeNull();
    expect(laterChunks(pageHtml(TEMPLATE, { ...page, importedLater: ['src/gone.tsx'] }, manifest))).toBeNull();
  });
});

describe("the chunks of a page's own route", () => {
  const manifest = {
    'src/app/routes/shop/shop-list.tsx': { file: 'assets/shop-list-1.js', imports: ['_use-cart-2.js', 'node_modules/react-dom/index.js'] },
    '_use-cart-2.js': { file: 'assets/use-cart-2.js' },
    'node_modules/react-dom/index.js': { file: 'assets/react-def.js' },
  };
  const askedAfterPaint = (html: string) => JSON.parse(html.match(/const waiting = (\[[^\]]*\]);/)?.[1] ?? 'null') as string[] | null;

  it('are asked for with the entry\'s, each once, so the takeover does not wait a round trip for them', () => {
    const html = pageHtml(TEMPLATE, { ...page, importedAtTakeover: ['src/app/routes/shop/shop-list.tsx'] }, manifest);
    expect(askedAfterPaint(html)).toEqual(['/assets/react-def.js', '/assets/shop-list-1.js', '/assets/use-cart-2.js']);
  });

  it('leave the list as the entry has it for a page whose route has no module of its own', () => {
    expect(askedAfterPaint(pageHtml(TEMPLATE, page, manifest))).toEqual(['/assets/react-def.js']);
  });
});
