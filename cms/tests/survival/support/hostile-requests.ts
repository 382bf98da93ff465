import sharp from 'sharp';
import { jpegDeclaring, pngDeclaring } from '../../helpers/declared-pixels';

/**
 * Hostile requests for any route of the site, made from a seeded generator so that a failure
 * names a seed that makes it again. The alphabet is wide on purpose: lone surrogates (as JSON
 * escapes and as raw bytes), NUL, control characters, German text and emoji, the largest
 * numbers, deep nesting, many keys, many multipart parts up to and past the limits, hostile
 * file names, bad percent-encoding, random query strings and images with huge declared sizes.
 */

export type Route = { method: string; path: string };

/** What a request may carry to get past authentication and into the parsers and validators. */
export type Credentials = { organiser?: { cookie: string; userId: number }; panelToken?: string; editorToken?: string };

/** Whose request it is: an editor's and an anonymous visitor's answers are read for organisers' secrets. */
export type Who = 'anonymous' | 'organiser' | 'panel' | 'editor';

export type HostileRequest = {
  label: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  chunked?: boolean;
  who?: Who;
  /** Sent this long after the request before it in its sequence (a page the site renders again only after a while). */
  waitMs?: number;
  /**
   * [asked with a value an organisers' field holds, asked with one it does not]: earlier requests
   * of its sequence. This one asks the first again; if the two agree and the other counts
   * differently, the filter is an oracle.
   */
  oracleOf?: [number, number];
  /** The rich text this request stores, if it is accepted: named in the failures of the requests that follow. */
  stores?: { key: string; what: string };
};

/** A small, fast, seeded generator (mulberry32). */
export function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[int(items.length)],
  };
}
export type Random = ReturnType<typeof randomSource>;

// Characters that have broken parsers and encoders somewhere: lone surrogates, NUL, controls,
// bidi marks, a BOM, combining marks, German letters and emoji (surrogate pairs).
const ALPHABET = [
  'a', 'Z', '0', ' ', '-', '_', '.', '/', '\\', '"', "'", '<', '>', '&', '%', '+', '=', '?', '#', '[', ']', '{', '}', ':', ',',
  'ä', 'ö', 'ü', 'ß', 'Ä', 'é', '€', '\u0000', '\u0001', '\u001f', '\u007f', '\r', '\n', '\t', '\u2028', '\u202e', '\ufeff',
  '\u0301', '\ud800', '\udbff', '\udc00', '\udfff', '🐺', '🎉', '👨‍👩‍👧', '\uffff', '\ufffd',
];

/** Percent-encoding that also writes lone surrogates (as the bytes CESU-8 would give them). */
export const percentEncode = (value: string) =>
  value.isWellFormed() ? encodeURIComponent(value) : `${encodeURIComponent(value.toWellFormed())}%ED%A0%80`;

export function text(random: Random, maxLength = 40): string {
  if (random.chance(0.03)) return random.pick(ALPHABET).repeat(1000 + random.int(100_000));
  let out = '';
  const length = random.int(maxLength + 1);
  for (let index = 0; index < length; index++) out += random.pick(ALPHABET);
  // Never a URL: the panel can fetch files from URLs, and no generated request may point it anywhere.
  return out.replace(/:\/\//g, ':_/');
}

const NUMBERS = [0, -0, 1, -1, 0.5, 1e308, -1e308, 2 ** 31, 2 ** 31 - 1, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER, 1e-320];
const NUMBER_TEXTS = ['1e999', '-1e999', '123456789012345678901234567890', '0x10', '1_000', '٣', 'NaN', 'Infinity'];
const KEYS = ['__proto__', 'constructor', 'prototype', 'id', 'documentId', 'isAdmin', 'password', 'price', 'populate', 'filters', '$where', '$ne', 'username', 'email', 'code', 'items', 'status', 'key', 'value', 'roles', 'data'];

function jsonValue(random: Random, depth = 0): unknown {
  const roll = random.int(depth > 3 ? 4 : 7);
  switch (roll) {
    case 0:
      return text(random);
    case 1:
      return random.pick(NUMBERS);
    case 2:
      return random.pick([true, false, null]);
    case 3:
      return random.pick(['', '1', 'true', 'null', 'S', 'M', 'api::product.product', 'pending', 'cancelled']);
    case 4:
      return Array.from({ length: random.int(5) }, () => jsonValue(random, depth + 1));
    default: {
      const object: Record<string, unknown> = {};
      for (let index = random.int(6); index > 0; index--) {
        // Defined, not assigned: "__proto__" becomes a key of the JSON text, as an attacker writes it.
        const key = random.chance(0.5) ? random.pick(KEYS) : text(random, 12);
        Object.defineProperty(object, key, { value: jsonValue(random, depth + 1), enumerable: true, writable: true, configurable: true });
      }
      return object;
    }
  }
}

/** A form field's text: words, numbers and the values the calls expect. */
const scalarText = (random: Random) => String(jsonValue(random, 4));

/** JSON text, mostly parseable, often not; JSON.stringify writes lone surrogates as \udxxx escapes. */
function jsonText(random: Random): string {
  switch (random.int(12)) {
    case 0: {
      const depth = 1000 + random.int(120_000);
      return random.chance(0.5) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
    }
    case 1:
      return JSON.stringify(Object.fromEntries(Array.from({ length: 1000 + random.int(20_000) }, (_, index) => [`k${index}`, index])));
    case 2:
      return `{"n":${random.pick(NUMBER_TEXTS)}}`;
    case 3:
      return `{"password":"${random.pick(['\\udfff', '\\ud800', '\\udbff\\udbff', 'a\\u0000b'])}","username":"orga","email":"editor@test.invalid","code":"\\ud83d"}`;
    case 4:
      return JSON.stringify(jsonValue(random)).slice(0, random.int(40));
    case 5:
      return JSON.stringify({ data: jsonValue(random), items: JSON.stringify([jsonValue(random)]) });
    default:
      return JSON.stringify(jsonValue(random));
  }
}

function formText(random: Random): string {
  const pairs = Array.from({ length: random.chance(0.1) ? 2000 : random.int(8) }, () => {
    const key = random.pick([...KEYS, 'a[b][c][d][e][f][g]', 'a[]', 'a[999999999]', 'data[__proto__][x]', percentEncode(text(random, 6))]);
    const value = random.chance(0.3) ? random.pick(['%', '%ff', '%ED%A0%80', '%00', '%E0%A4%A']) : percentEncode(scalarText(random));
    return `${key}=${value}`;
  });
  return pairs.join('&');
}

const bytesOf = (value: string) => Buffer.from(value, 'utf8');

// Raw bytes that are no UTF-8: a lone surrogate in CESU-8, overlong forms, a stray continuation.
const BAD_UTF8 = [Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xc0, 0xaf]), Buffer.from([0x80]), Buffer.from([0xff, 0xfe]), Buffer.from([0xf4, 0x90, 0x80, 0x80])];

function withBadBytes(random: Random, value: string): Buffer {
  if (!random.chance(0.3)) return bytesOf(value);
  const at = random.int(value.length + 1);
  return Buffer.concat([bytesOf(value.slice(0, at)), random.pick(BAD_UTF8), bytesOf(value.slice(at))]);
}

let tinyImages: Buffer[] = [];
/** Real small images, and images whose headers declare far more pixels than they hold. */
export async function prepareImages() {
  const canvas = () => sharp({ create: { width: 64, height: 48, channels: 3, background: '#8e3b2e' } });
  const jpeg = await canvas().jpeg().toBuffer();
  const png = await canvas().png().toBuffer();
  const webp = await canvas().webp().toBuffer();
  tinyImages = [jpeg, png, webp, jpegDeclaring(jpeg, 16_000, 16_000), jpegDeclaring(jpeg, 65_000, 65_000), pngDeclaring(png, 100_000, 100_000)];
}

const FILE_NAMES = ['bild.jpg', '../../../../etc/passwd', '..\\..\\x.png', 'a\u0000b.jpg', '%00.png', '.htaccess', 'x.html', 'x.svg', 'shell.php.jpg', ''];

function fileName(random: Random): string {
  if (random.chance(0.1)) return 'n'.repeat(5000) + '.jpg';
  return random.chance(0.7) ? random.pick(FILE_NAMES) : text(random, 20);
}

/** A multipart body: fields and files up to and past the limits, sometimes malformed. */
function multipart(random: Random): { body: Buffer; type: string; label: string } {
  const boundary = random.chance(0.05) ? 'b'.repeat(200) : `----fuzz${random.int(1e9)}`;
  const parts: Buffer[] = [];
  const fields = random.chance(0.1) ? 95 + random.int(10) : random.int(6);
  const files = random.chance(0.1) ? 18 + random.int(6) : random.int(3);
  const fieldName = () => random.pick(['title', 'description', 'price', 'variants', 'availableQuantity', 'isActive', 'fileInfo', 'data', 'ref', 'refId', 'field', 'path', 'a[b][c]', '__proto__', text(random, 8)]);
  for (let index = 0; index < fields; index++) {
    parts.push(bytesOf(`--${boundary}\r\ncontent-disposition: form-data; name="${fieldName().replace(/["\r\n]/g, '')}"\r\n\r\n`));
    parts.push(withBadBytes(random, random.chance(0.02) ? 'x'.repeat(300_000) : scalarText(random)), bytesOf('\r\n'));
  }
  for (let index = 0; index < files; index++) {
    const name = fileName(random);
    const disposition = random.chance(0.2)
      ? `filename*=UTF-8''${random.pick(['%ED%A0%80.jpg', '%FF%FE.png', encodeURIComponent('Grüße 🐺.jpg'), '%'])}`
      : `filename="${name.replace(/["\r\n]/g, '')}"`;
    const field = random.pick(['image', 'files', 'file', 'fileInfo', text(random, 6).replace(/["\r\n]/g, '')]);
    const type = random.pick(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'text/html', 'application/javascript', 'image/svg+xml', 'application/octet-stream']);
    const content = random.chance(0.6) && tinyImages.length > 0 ? random.pick(tinyImages) : withBadBytes(random, text(random, 200));
    parts.push(bytesOf(`--${boundary}\r\ncontent-disposition: form-data; name="${field}"; ${disposition}\r\ncontent-type: ${type}\r\n\r\n`), content, bytesOf('\r\n'));
  }
  if (!random.chance(0.1)) parts.push(bytesOf(`--${boundary}--\r\n`));
  const type = random.chance(0.05) ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
  return { body: Buffer.concat(parts), type, label: `multipart ${fields} fields ${files} files` };
}

/** A path segment for a route parameter: an id, a content type, or something hostile. */
export function segment(random: Random, uids: readonly string[]): string {
  switch (random.int(6)) {
    case 0:
      return String(random.pick([1, 2, 3, 0, -1, 2 ** 31, 99_999_999_999]));
    case 1:
      return random.pick(uids.length > 0 ? uids : ['api::product.product']);
    case 2:
      return random.pick(['%', '%ff', '%ED%A0%80', '..%2f..%2f', '%00', '%2e%2e', 'a'.repeat(5000), '%F0%9F%90%BA', '%C0%AF']);
    case 3:
      return percentEncode(text(random, 10)).replace(/%(D[89AB])/g, '%ED%A0%80');
    default:
      return random.pick(['abc', 'x'.repeat(24), 'en', 'de', 'me', 'batch-delete', 'local']);
  }
}

function queryString(random: Random): string {
  if (random.chance(0.5)) return '';
  const pairs = Array.from({ length: random.chance(0.05) ? 1500 : 1 + random.int(4) }, () =>
    random.pick([
      `populate=*`,
      `populate[${text(random, 4)}]=*`,
      `filters[$where][x]=1`,
      `filters[id][$in][0]=${segment(random, [])}`,
      `pagination[pageSize]=${random.pick(['999999999', '-1', 'x'])}`,
      `sort=${percentEncode(text(random, 10))}`,
      `a[b][c][d][e][f][g][h][i][j]=1`,
      `locale=${segment(random, [])}`,
      `houseId=${segment(random, [])}`,
      `x=${random.pick(['%', '%ff', '%ED%A0%80', '%uD800', '%00'])}`,
      `${percentEncode(text(random, 6))}=${percentEncode(text(random, 12))}`,
    ]),
  );
  return `?${pairs.join('&')}`;
}

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

// Calls that end the fuzz's own sessions would only make the rest of the run anonymous.
export const ENDS_SESSIONS = /logout|renew-token|access-token|reset-password|forgot-password|register/;

/** The site's public pages and files, with and without the hostile parts. */
const SITE_PATHS = ['/', '/shop', '/shop/cart', '/shop/item/1', '/impressum', '/datenschutz', '/enthuelle-dein-wappen', '/admin/login', '/admin/dashboard', '/robots.txt', '/sitemap.xml', '/favicon.svg', '/assets/x.js', '/.vite/manifest.json', '/%2evite/manifest.json', '/%', '/%ff', '/assets/%ff', '/..%2f..%2fpackage.json', '/cms', '/cms/admin', '/uploads/x.jpg', '/uploads/..%2f..%2fpackage.json', '/shop/item/%ED%A0%80', '/nope/nope'];

function body(random: Random): { headers: Record<string, string>; body?: Buffer; label: string; chunked?: boolean } {
  switch (random.int(10)) {
    case 0:
    case 1:
    case 2: {
      const value = jsonText(random);
      return { headers: { 'content-type': random.chance(0.9) ? 'application/json' : 'application/vnd.api+json' }, body: withBadBytes(random, value), label: 'json' };
    }
    case 3:
      return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: withBadBytes(random, formText(random)), label: 'form' };
    case 4:
    case 5: {
      const { body: bytes, type, label } = multipart(random);
      return { headers: { 'content-type': type }, body: bytes, label, chunked: random.chance(0.1) };
    }
    case 6:
      return { headers: { 'content-type': 'text/plain' }, body: withBadBytes(random, text(random, 500)), label: 'text' };
    case 7:
      return { headers: { 'content-type': 'application/json', 'content-encoding': random.pick(['gzip', 'br', 'deflate', 'x']) }, body: Buffer.from(text(random, 50)), label: 'encoded' };
    case 8:
      return { headers: { 'content-type': random.pick(['application/json', 'multipart/form-data; boundary=x']) }, body: Buffer.alloc(300 * 1024 + random.int(6_000_000), 0x41), label: 'oversized' };
    default:
      return { headers: {}, label: 'no body' };
  }
}

/** Signs a request in as one of the fuzz's accounts, or none: the organiser, the panel's Super Admin or its editor. */
export function authenticate(random: Random, credentials: Credentials, headers: Record<string, string>): Who {
  const roll = random.int(4);
  if (roll === 1 && credentials.organiser) {
    headers.cookie = credentials.organiser.cookie;
    headers['x-user-id'] = random.chance(0.9) ? String(credentials.organiser.userId) : segment(random, []).replace(/[^\x20-\x7e]/g, '');
    return 'organiser';
  }
  if (roll === 2 && credentials.panelToken) {
    headers.authorization = `Bearer ${credentials.panelToken}`;
    return 'panel';
  }
  if (roll === 3 && credentials.editorToken) {
    headers.authorization = `Bearer ${credentials.editorToken}`;
    return 'editor';
  }
  return 'anonymous';
}

/** One hostile request for the site: a listed route (ours or Strapi's) or a page or file of the site's server. */
export function hostileRequest(random: Random, routes: readonly Route[], uids: readonly string[], credentials: Credentials): HostileRequest {
  const fromRoutes = random.chance(0.85) && routes.length > 0;
  const route = fromRoutes ? random.pick(routes) : { method: 'GET', path: random.pick(SITE_PATHS) };
  const method = random.chance(0.9) ? route.method : random.pick(METHODS);
  const path = route.path.replace(/:\w+(\([^)]*\))?\??|\(\.\*\)|\*/g, () => segment(random, uids)) + queryString(random);
  const sent = method === 'GET' || method === 'HEAD' ? (random.chance(0.1) ? body(random) : { headers: {}, label: 'no body' }) : body(random);
  const headers: Record<string, string> = { ...sent.headers };
  const mayAuthenticate = !ENDS_SESSIONS.test(route.path);
  const who = mayAuthenticate ? authenticate(random, credentials, headers) : 'anonymous';
  if (random.chance(0.1)) headers.origin = random.pick(['https://evil.example', 'null', 'http://localhost']);
  if (random.chance(0.1)) headers['accept-encoding'] = random.pick(['gzip', 'br', 'identity', 'gzip;q=0, *']);
  const size = `${path.length} characters of address, ${sent.body?.length ?? 0} bytes of body${sent.chunked ? ' chunked' : ''}`;
  return { label: `${method} ${path.slice(0, 120)} (${sent.label}; ${size})`, method, path, headers, body: sent.body, chunked: sent.chunked, who };
}
