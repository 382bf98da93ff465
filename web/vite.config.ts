/// <reference types="vitest/config" />
import path from 'node:path';
import { createRequire } from 'node:module';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { publicBuildFiles } from './src/features/offline/precache-list';
import { robotsTxt, siteOrigin, sitemapXml } from './src/lib/seo-files';

/** Where the build writes the module list of each chunk, beside .vite/manifest.json. */
export const CHUNK_MODULES = '.vite/chunk-modules.json';

const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

// xfwd passes the visitor's address on, so the cms rate limits per visitor and not per proxy.
const toCms: ProxyOptions = { target: cmsUrl, ws: true, xfwd: true };

// Same routing as deploy/nginx.conf: the cms is mounted under /cms with the prefix stripped
// (its panel is at /cms/admin), because /admin/* belongs to the organisers' dashboard.
const cmsProxy: Record<string, ProxyOptions> = {
  '/api': toCms,
  '/uploads': toCms,
  '/cms': { ...toCms, rewrite: (path) => path.replace(/^\/cms(?=\/|$)/, '') || '/' },
};

// PUBLIC_URL is the site's public origin (the same variable the cms reads); the sitemap needs
// absolute addresses, so it is written at build time. Without it the paths stay site-relative.
const seoFiles = (): Plugin => {
  const origin = siteOrigin(process.env.PUBLIC_URL);
  const files = { 'robots.txt': robotsTxt(origin), 'sitemap.xml': sitemapXml(origin) };
  return {
    name: 'seo-files',
    generateBundle() {
      for (const [fileName, source] of Object.entries(files)) {
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const file = files[request.url?.slice(1) as keyof typeof files];
        if (!file) return next();
        response.setHeader('Content-Type', request.url === '/robots.txt' ? 'text/plain' : 'application/xml');
        response.end(file);
      });
    },
  };
};

// Beside Vite's manifest (which chunk imports which), the modules inside each chunk and their
// length before minifying: the page-weight test (e2e/page-weight.e2e.test.ts) names the module that made a chunk too heavy.
const chunkModules = (): Plugin => ({
  name: 'chunk-modules',
  generateBundle(_options, bundle) {
    const modules: Record<string, Record<string, number>> = {};
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      modules[chunk.fileName] = Object.fromEntries(
        Object.entries(chunk.modules).map(([id, module]) => [path.relative(import.meta.dirname, id), module.renderedLength]),
      );
    }
    this.emitFile({ type: 'asset', fileName: CHUNK_MODULES, source: JSON.stringify(modules, null, 1) });
  },
});

// main.tsx evaluates the app in steps, each a dynamic import. index.html preloads every step's
// files with the entry's own, so all arrive at once and no step waits for a round trip; the
// routes' chunks stay lazy (they are imported by the router, not by main.tsx).
const bootStepsPreloaded = (): Plugin => ({
  name: 'boot-steps-preloaded',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html, { chunk, bundle }) {
      if (!chunk || !bundle) return html;
      /** The chunks given and every chunk they import statically, added to `seen`. */
      const staticGraph = (fileNames: string[], seen: Set<string>) => {
        for (const fileName of fileNames) {
          const imported = bundle[fileName];
          if (seen.has(fileName) || imported?.type !== 'chunk') continue;
          seen.add(fileName);
          staticGraph(imported.imports, seen);
        }
        return seen;
      };
      // The entry's own graph Vite has preloaded already.
      const entry = staticGraph([chunk.fileName], new Set());
      const steps = [...staticGraph(chunk.dynamicImports, new Set(entry))].filter((fileName) => !entry.has(fileName));
      const links = steps.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`);
      return html.replace('</head>', () => `  ${links.join('\n    ')}\n  </head>`);
    },
  },
});

/**
 * The installable web app and its service worker (docs/decisions/037): the manifest with the
 * crest's icons (public/icons/, made by scripts/make-icons.mjs), and src/features/offline/sw.ts
 * built to /sw.js with the public pages' build files precached. Nothing is added to the page's
 * scripts: the app registers the worker itself, after the page has loaded
 * (src/features/offline/register-worker.ts).
 */
const offlineApp = (): Plugin[] => {
  // The build's folder as resolved (dist, or --outDir): Vite's manifest is read from there.
  let outDir = path.join(import.meta.dirname, 'dist');
  const buildFolder: Plugin = { name: 'offline-build-folder', configResolved: (config) => void (outDir = path.resolve(config.root, config.build.outDir)) };
  return [buildFolder, ...VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/features/offline',
    filename: 'sw.ts',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'Game Of Slavs – Mittelalterliches Festival im Harz',
      short_name: 'Game Of Slavs',
      description: 'Das Festival im Harz: Programm, dein Haus und der Shop, auch ohne Netz auf dem Festivalgelände.',
      lang: 'de',
      dir: 'ltr',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'portrait',
      // index.html's theme-color and the page's background.
      theme_color: '#1f1a15',
      background_color: '#1f1a15',
      icons: [
        { src: '/icons/crest-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/crest-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/crest-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      globPatterns: ['assets/*.{js,css,woff2}', 'favicon.svg', 'icons/*.png'],
      // Only the public pages' files: Vite's manifest says which chunks they can load.
      manifestTransforms: [
        (entries) => {
          const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
          const kept = publicBuildFiles(manifest);
          return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || kept.has(entry.url)), warnings: [] };
        },
      ],
    },
  })];
};

/**
 * React Router 7 resolves to its development build under every condition (its package exports
 * name no production build: remix-run/react-router#14102), which sends its development warnings
 * to visitors' consoles. Its production build is the same code with them switched off
 * (docs/decisions/023).
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');
const reactRouterProductionBuild = [
  { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
  // zod without its `new Function` check, which the pages' CSP reports (src/lib/zod-without-eval.ts).
  { find: /^zod$/, replacement: path.resolve(import.meta.dirname, 'src/lib/zod-without-eval.ts') },
];

export default defineConfig(({ isSsrBuild }) => ({
  // The server's build (render-page.tsx for server/site-server.mjs) writes no site files.
  plugins: [react(), ...(isSsrBuild ? [] : [seoFiles(), chunkModules(), bootStepsPreloaded(), ...offlineApp()])],
  // @contract is cms/src/contract (the request and response schemas both apps share); its zod
  // import must resolve to this app's copy, so the bundle holds one zod.
  resolve: { tsconfigPaths: true, dedupe: ['zod'], alias: reactRouterProductionBuild },
  // Bundled into the server's build too, so that it renders with the same production build.
  ssr: { noExternal: ['react-router', 'react-router-dom'] },
  server: { port: 5173, strictPort: true, proxy: cmsProxy },
  preview: { port: 8080, strictPort: true, proxy: cmsProxy },
  // Every browser the site supports (ES2020 modules, dynamic import) knows modulepreload, so
  // Vite's polyfill for it would only add to the entry.
  // One stylesheet for every page (28 kB gzipped, cached for good): a page rendered on the server
  // is drawn with its styles from the first paint, before the script that would have brought
  // its route's own stylesheet has run.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    modulePreload: { polyfill: false },
    cssCodeSplit: false,
    // The server's build: the page renderer, and the worker that parses cms markdown apart from it.
    ...(isSsrBuild && { rolldownOptions: { input: { 'render-page': 'src/app/render-page.tsx', 'markdown-worker': 'src/app/markdown-worker.ts' } } }),
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'server/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
}));
