import type { Credentials, HostileRequest, Random } from './hostile-requests';
import type { Landscape } from './landscape';

/**
 * The second alphabet's rich texts: markdown that has stalled parsers (long runs of emphasis,
 * link openers, quote markers, deep lists and quotes, bracket nesting, link references, huge
 * tables), written into every `richtext` attribute of the model the way its editors write it
 * (the panel's content manager as the editor "Redaktion"; a product's description through the
 * dashboard's call), then the pages that render it asked for through the site's port. Sizes go
 * up to 150,000 characters: a model that limits a rich text's length refuses the longest with a
 * 4xx; whatever it stores must render without holding either server's event loop.
 */

/** The pages that render each content type's rich texts (`:product` is a product's id). */
export const RICH_TEXT_PAGES: Record<string, readonly string[]> = {
  'api::festival.festival': ['/'],
  'api::faq-item.faq-item': ['/'],
  'api::imprint.imprint': ['/impressum'],
  'api::privacy-policy.privacy-policy': ['/datenschutz'],
  'api::product.product': ['/shop', '/shop/item/:product'],
};

/** Every `richtext` attribute of the model, as `uid.attribute`. */
export const richTextsOf = (landscape: Landscape) =>
  Object.values(landscape.types).flatMap(({ uid, attributes }) =>
    Object.entries(attributes)
      .filter(([, attribute]) => attribute.type === 'richtext')
      .map(([name]) => ({ uid, name })),
  );

/** A run of one short unit, written as the label says it: `"*a"×30000`. */
const RUNS: readonly (readonly [string, string])[] = [
  ['*a', ''],
  ['> ', 'x'],
  ['[a](', ''],
  ['_a', ''],
  ['**a', ''],
  ['~~a', ''],
  ['- ', 'x'],
  ['1. ', 'x'],
  ['>', 'x'],
  ['![a](', ''],
  ['`a', ''],
  ['<a', ''],
  ['\\', ''],
  ['&#', ''],
  ['a**', ''],
  ['_*', ''],
  ['*_a', ''],
  ['[', ''],
  ['www.a', ''],
  ['|', ''],
  ['[]', ''],
  ['<', ''],
  ['a_', ''],
];

const lines = (count: number, line: (index: number) => string) => Array.from({ length: count }, (_, index) => line(index)).join('\n');

/** A pathological markdown text of about `size` characters, and how to make it again. */
function pathology(random: Random, size: number): { text: string; what: string } {
  const roll = random.int(RUNS.length + 8);
  if (roll < RUNS.length) {
    const [unit, end] = RUNS[roll];
    const count = Math.max(1, Math.floor(size / unit.length));
    return { text: unit.repeat(count) + end, what: `${JSON.stringify(unit)}×${count}${end ? ` + ${JSON.stringify(end)}` : ''}` };
  }
  switch (roll - RUNS.length) {
    case 0: {
      const depth = Math.min(Math.floor(Math.sqrt(size)), 400);
      return { text: lines(depth, (index) => `${'  '.repeat(index)}- x`), what: `a list nested ${depth} deep, one level a line` };
    }
    case 1: {
      const depth = Math.min(Math.floor(Math.sqrt(2 * size)), 500);
      return { text: lines(depth, (index) => `${'>'.repeat(index + 1)} x`), what: `quotes nested ${depth} deep, one level a line` };
    }
    case 2: {
      const count = Math.max(1, Math.floor(size / 2));
      return { text: `${'['.repeat(count)}a${']'.repeat(count)}`, what: `"a" in ${count} brackets` };
    }
    case 3: {
      const count = Math.max(1, Math.floor(size / 24));
      return { text: `${lines(count, (index) => `[r${index}]: /u${index}`)}\n\n${lines(count, (index) => `[a][r${index}] [r${index}]`)}`, what: `${count} link reference definitions, each used twice` };
    }
    case 4: {
      const columns = 1 + random.int(Math.min(300, size / 4));
      const rows = Math.max(1, Math.floor(size / (2 * columns + 2)));
      return {
        text: `|${'a|'.repeat(columns)}\n|${'-|'.repeat(columns)}\n${lines(rows, () => `|${'b|'.repeat(columns)}`)}`,
        what: `a table of ${columns} columns and ${rows} rows`,
      };
    }
    case 5: {
      const count = Math.max(1, Math.floor(size / 8));
      return { text: lines(count, (index) => `- [${index % 2 ? 'x' : ' '}] a`), what: `a task list of ${count} items` };
    }
    case 6: {
      const count = Math.max(1, Math.floor(size / 2));
      return { text: `${'*'.repeat(count)}a${'*'.repeat(count)}`, what: `"a" in ${count} asterisks each side` };
    }
    default: {
      const count = Math.max(1, Math.floor(size / 10));
      return { text: '*a _b **c __d '.repeat(count), what: `${JSON.stringify('*a _b **c __d ')}×${count}` };
    }
  }
}

/** Sizes: mostly what a rich text may well be, sometimes past any sensible limit. */
const sizeOf = (random: Random) => (random.chance(0.8) ? 1000 + random.int(40_000) : 40_000 + random.int(110_000));

/** The site waits this long before a page is rendered again (web/server/page-cache.mjs's PAGE_FRESH_MS), plus a margin. */
const PAGE_RENDERED_AGAIN_AFTER_MS = 1100;

const boundary = 'gosfuzzmarkdown';
const formWith = (field: string, value: string) =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n--${boundary}--\r\n`, 'utf8');

/**
 * One rich text written and its pages asked for: a write (the panel's content manager as the
 * editor, or the dashboard's product call as the organiser), then each page that renders it.
 */
export function markdownProbe(random: Random, landscape: Landscape, credentials: Credentials): HostileRequest[] {
  const texts = richTextsOf(landscape);
  const { uid, name } = random.pick(texts);
  const { text, what } = pathology(random, sizeOf(random));
  const stores = { key: `${uid}.${name}`, what: `${what} (${text.length} characters)` };
  const writes: HostileRequest[] = [];
  let product = '';
  if (uid === 'api::product.product') {
    product = String(random.pick(landscape.productIds));
    const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}` };
    if (credentials.organiser) Object.assign(headers, { cookie: credentials.organiser.cookie, 'x-user-id': String(credentials.organiser.userId) });
    const path = `/api/admin/shop/items/${product}`;
    writes.push({ label: `PUT ${path} as the organiser, description = ${stores.what}`, method: 'PUT', path, headers, body: formWith('description', text), who: 'organiser', stores });
  } else {
    const single = landscape.types[uid].kind === 'singleType';
    const documentId = single ? '' : random.pick(landscape.entries[uid] ?? ['none']);
    const path = single ? `/cms/content-manager/single-types/${uid}` : `/cms/content-manager/collection-types/${uid}/${documentId}`;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (credentials.editorToken) headers.authorization = `Bearer ${credentials.editorToken}`;
    writes.push({ label: `PUT ${path} as the editor, ${name} = ${stores.what}`, method: 'PUT', path, headers, body: Buffer.from(JSON.stringify({ [name]: text })), who: 'editor', stores });
  }
  const reads = (RICH_TEXT_PAGES[uid] ?? ['/']).map(
    (page): HostileRequest => {
      const path = page.replace(':product', product);
      return { label: `GET ${path} after ${uid}.${name} = ${stores.what}`, method: 'GET', path, headers: {}, who: 'anonymous', waitMs: PAGE_RENDERED_AGAIN_AFTER_MS };
    },
  );
  return [...writes, ...reads];
}
