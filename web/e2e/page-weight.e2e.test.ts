import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CHUNK_MODULES } from '../vite.config';
import { DIST, manifest, staticGraph } from './build-manifest';

// A size, not a time: checked against the production build that the global setup made.
const KB = 1000;
const BUDGET = {
  /** The entry chunk (index-*.js). */
  entryJs: 150 * KB,
  /**
   * The stylesheets every page loads (the site has one, decision 007). 35 kB until the festival's
   * days added the programme, the order page, the pickup desk and the offline notices (36.2 kB
   * gzipped on 2026-11-29); the dashboard's own styles, which ride along, are the next to leave.
   * 38.5 kB since the theme's CSS variables moved here from every page's HTML (1.2 kB gzipped,
   * decision 053): sent once and kept, instead of with each page.
   */
  entryCss: 38.5 * KB,
  /**
   * The entry chunk, the boot steps it imports (main.tsx) and the chunks they import statically
   * (all modulepreloaded): all the script that runs before React takes a page over. 224 kB
   * before the pages were slimmed (issue 7), 181 kB before the WhatsApp dialog loaded on first
   * use, 157 kB before axios gave way to fetch; now within the aim of 150 kB.
   */
  firstLoadJs: 150 * KB,
  /**
   * What /programm loads beyond the entry's script: its route and what only it imports (5.3 kB
   * gzipped on 2026-11-29). The timetable, the filters and Mein Plan are plain markup and native
   * controls; a date library or a grid component would show here first.
   */
  programmeJs: 10 * KB,
};

const moduleLengths: Record<string, Record<string, number>> = JSON.parse(readFileSync(path.join(DIST, CHUNK_MODULES), 'utf8'));
const modulesOf = (file: string) => Object.keys(moduleLengths[file] ?? {});

const [entryKey] = Object.entries(manifest).find(([, chunk]) => chunk.isEntry) ?? [];
if (!entryKey) throw new Error('The manifest has no entry chunk');

const gzipped = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 6 }).length;
const kB = (bytes: number) => `${(bytes / KB).toFixed(1)} kB`;

/** The files of a chunk graph, largest first, each with its gzipped size. */
function weigh(files: string[]) {
  const sizes = files.map((file) => ({ file, bytes: gzipped(file) })).sort((a, b) => b.bytes - a.bytes);
  return { total: sizes.reduce((sum, { bytes }) => sum + bytes, 0), sizes };
}

/** A module's npm package, or the module itself when it is a source file of the site. */
const packageOf = (id: string) => id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1] ?? id;

/** The packages and source files that weigh most in the chunks (before minifying): what to move out. */
function heaviestModules(chunkFiles: string[], count = 10): string {
  const byPackage = new Map<string, number>();
  for (const file of chunkFiles) {
    for (const [id, length] of Object.entries(moduleLengths[file] ?? {})) {
      const name = packageOf(id);
      byPackage.set(name, (byPackage.get(name) ?? 0) + length);
    }
  }
  return [...byPackage.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, length]) => `${name} ${kB(length)}`)
    .join(', ');
}

/** main.tsx's boot steps: dynamic imports evaluated one after another, each in a task of its own. */
const bootSteps = manifest[entryKey].dynamicImports ?? [];
const entryGraph = [...bootSteps.reduce((seen, step) => staticGraph(step, seen), staticGraph(entryKey))];
const entryJs = entryGraph.map((key) => manifest[key].file);
// The build writes one stylesheet for all pages (cssCodeSplit: false), linked from index.html:
// every page loads it before its first paint.
const indexHtml = readFileSync(path.join(DIST, 'index.html'), 'utf8');
const entryCss = [...indexHtml.matchAll(/<link rel="stylesheet"[^>]* href="\/([^"]+)"/g)].map((match) => match[1]!);

// The route table of the dashboard sits in the router; every route in it is lazy, so the check
// below would find any dashboard module that one of them pulled into a public chunk.
const DASHBOARD_ROUTE_TABLE = 'src/app/routes/admin/admin-routes.tsx';
const isDashboardCode = (id: string) =>
  /^src\/(features\/admin|app\/routes\/admin)\//.test(id) && id !== DASHBOARD_ROUTE_TABLE;

/** The lazily loaded chunks a visitor of the public site can reach: everything but the dashboard's own. */
function publicDynamicEntries(): string[] {
  const found = new Set<string>();
  const visit = (key: string) => {
    for (const chunkKey of staticGraph(key)) {
      for (const dynamic of manifest[chunkKey].dynamicImports ?? []) {
        if (found.has(dynamic) || isDashboardCode(manifest[dynamic].src ?? '')) continue;
        found.add(dynamic);
        visit(dynamic);
      }
    }
  };
  visit(entryKey!);
  return [...found];
}

const publicEntries = publicDynamicEntries();
const PROGRAMME_ROUTE = 'src/app/routes/programme.tsx';

/** Modules a public screen needs only sometimes: they must arrive with the first use, not before. */
const LOADED_WHEN_NEEDED: [string, RegExp][] = [
  ['the QR code', /node_modules\/qrcode\//],
  ['markdown', /node_modules\/(react-markdown|remark-gfm|micromark[^/]*)\/|^src\/components\/markdown\.tsx$/],
  ['the lightbox', /^src\/components\/lightbox\.tsx$/],
  // The answers' schemas arrive beside the answers (get-items.ts); a page drawn by the server has its answers already.
  ['zod', /node_modules\/zod\//],
];

describe('the weight of the public pages', () => {
  it(`keeps the entry chunk within ${kB(BUDGET.entryJs)} gzipped`, () => {
    const entryFile = manifest[entryKey].file;
    const bytes = gzipped(entryFile);
    expect(
      bytes,
      `${entryFile} is ${kB(bytes)} gzipped; heaviest modules: ${heaviestModules([entryFile])}`,
    ).toBeLessThanOrEqual(BUDGET.entryJs);
  });

  it(`keeps the script that runs before React draws within ${kB(BUDGET.firstLoadJs)} gzipped`, () => {
    const { total, sizes } = weigh(entryJs);
    const listing = sizes.map(({ file, bytes }) => `${file} ${kB(bytes)}`).join(', ');
    expect(
      total,
      `entry and its static imports ${kB(total)} gzipped (${listing}); heaviest modules: ${heaviestModules(entryJs)}`,
    ).toBeLessThanOrEqual(BUDGET.firstLoadJs);
  });

  it('preloads every boot step and what it imports with the entry, so no step waits for a round trip', () => {
    expect(bootSteps.map((key) => manifest[key].src)).toEqual(['node_modules/react-dom/client.js', 'src/app/router.tsx', 'src/app/start.tsx']);
    const preloaded = [...indexHtml.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((match) => match[1]);
    expect(preloaded.sort()).toEqual(entryJs.filter((file) => file !== manifest[entryKey].file).sort());
  });

  it(`keeps the entry's CSS within ${kB(BUDGET.entryCss)} gzipped`, () => {
    expect(entryCss.length).toBeGreaterThan(0);
    const { total, sizes } = weigh(entryCss);
    const listing = sizes.map(({ file, bytes }) => `${file} ${kB(bytes)}`).join(', ');
    expect(total, `entry CSS ${kB(total)} gzipped (${listing})`).toBeLessThanOrEqual(BUDGET.entryCss);
  });

  it(`keeps what /programm loads beyond the entry's script within ${kB(BUDGET.programmeJs)} gzipped`, () => {
    const own = [...staticGraph(PROGRAMME_ROUTE)].filter((key) => !entryGraph.includes(key)).map((key) => manifest[key].file);
    const { total, sizes } = weigh(own);
    const listing = sizes.map(({ file, bytes }) => `${file} ${kB(bytes)}`).join(', ');
    expect(total, `the programme's own chunks ${kB(total)} gzipped (${listing}); heaviest modules: ${heaviestModules(own)}`).toBeLessThanOrEqual(BUDGET.programmeJs);
  });

  it('finds the public routes among the lazily loaded chunks', () => {
    const sources = publicEntries.map((key) => manifest[key].src);
    expect(sources).toEqual(
      expect.arrayContaining([
        'src/app/routes/access.tsx',
        'src/app/routes/legal.tsx',
        'src/app/routes/shop/shop-list.tsx',
        'src/app/routes/shop/item-detail.tsx',
        'src/app/routes/shop/cart.tsx',
        PROGRAMME_ROUTE,
      ]),
    );
  });

  it('never reaches dashboard code from the entry or a public route', () => {
    const offending = [entryKey, ...publicEntries].flatMap((start) =>
      [...staticGraph(start)].flatMap((key) =>
        modulesOf(manifest[key].file)
          .filter(isDashboardCode)
          .map((id) => `${id} (in ${manifest[key].file}, reached from ${manifest[start].src ?? start})`),
      ),
    );
    expect([...new Set(offending)]).toEqual([]);
  });

  // React Router 7's package resolves to its development build everywhere (decision 023).
  it("bundles no library's development build, in the site's scripts or in the server's", () => {
    const developmentBuilds = Object.entries(moduleLengths).flatMap(([file, modules]) =>
      Object.keys(modules)
        .filter((id) => /\/dist\/development\/|\.development\.[cm]?js$/.test(id))
        .map((id) => `${id} (in ${file})`),
    );
    expect([...new Set(developmentBuilds)]).toEqual([]);
    const serverBuild = readFileSync(path.join(DIST, '..', 'dist-server', 'render-page.js'), 'utf8');
    expect(serverBuild).not.toMatch(/from ["']react-router(-dom)?["']/);
  });

  it.each(LOADED_WHEN_NEEDED)('loads %s only when a screen needs it', (_name, pattern) => {
    const startingPoints = [entryKey, ...bootSteps, ...publicEntries.filter((key) => /^src\/app\/routes\//.test(manifest[key].src ?? ''))];
    const offending = startingPoints.flatMap((start) =>
      [...staticGraph(start)].flatMap((key) =>
        modulesOf(manifest[key].file)
          .filter((id) => pattern.test(id))
          .map((id) => `${packageOf(id)} (in ${manifest[key].file}, loaded with ${manifest[start].src ?? start})`),
      ),
    );
    // Still part of the build, as a chunk of its own that some screen loads.
    expect(Object.values(moduleLengths).flatMap(Object.keys).some((id) => pattern.test(id))).toBe(true);
    expect([...new Set(offending)]).toEqual([]);
  });
});
