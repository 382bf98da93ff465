import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Generated bad requests for a JSON call, each proven invalid before it is sent: the body is
 * read the way strapi::body reads it (koa-body, co-body, @hapi/bourne, qs) and the call's own
 * contract schema must refuse what comes out, or the parser must refuse the bytes.
 */

export type EncodedBody = { label: string; headers: Record<string, string>; body: string | Uint8Array };

/** The body limit of config/middlewares.ts (jsonLimit, formLimit, textLimit). */
export const BODY_LIMIT = 256 * 1024;

const JSON_TYPE = 'application/json';
// The types koa-body reads as JSON; text/* it reads as a string, urlencoded with qs.
const JSON_TYPES = [JSON_TYPE, 'application/json-patch+json', 'application/vnd.api+json', 'application/csp-report', 'application/reports+json'];

// ---------------------------------------------------------------------------------------------
// How the server reads a body
// ---------------------------------------------------------------------------------------------

type Reading = { parserRefuses: true } | { parserRefuses: false; value: unknown };

const hasProtoKey = (value: unknown): boolean => {
  const stack = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (Object.prototype.hasOwnProperty.call(current, '__proto__')) return true;
    stack.push(...Object.values(current));
  }
  return false;
};

/** What ctx.request.body holds for this request, or that the body parser refuses it. */
export function serverReading({ headers, body }: EncodedBody): Reading {
  const bytes = typeof body === 'string' ? Buffer.from(body) : Buffer.from(body);
  const encoding = headers['content-encoding'];
  if (encoding && encoding !== 'identity') return { parserRefuses: true };
  const type = (headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const isJson = JSON_TYPES.includes(type);
  const isText = type.startsWith('text/');
  if ((isJson || isText || type === 'application/x-www-form-urlencoded') && bytes.length > BODY_LIMIT) {
    return { parserRefuses: true };
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  if (isJson) {
    if (text === '') return { parserRefuses: false, value: {} };
    if (!/^[\x20\x09\x0a\x0d]*[[{]/.test(text)) return { parserRefuses: true };
    try {
      const value: unknown = JSON.parse(text);
      return hasProtoKey(value) ? { parserRefuses: true } : { parserRefuses: false, value };
    } catch {
      return { parserRefuses: true };
    }
  }
  if (isText) return { parserRefuses: false, value: text };
  if (type === 'application/x-www-form-urlencoded') return { parserRefuses: false, value: Object.fromEntries(new URLSearchParams(text)) };
  // The multipart bodies made here are never well formed (JSON text, or nothing at all): the
  // parser refuses them, or the cms refuses an empty one; any other type is left unparsed.
  if (type === 'multipart/form-data') return { parserRefuses: true };
  return { parserRefuses: false, value: undefined };
}

/** Whether the call must refuse this request: the parser refuses it, or the schema refuses what the parser made of it. */
export function mustBeRefused(schema: z.ZodType, request: EncodedBody): boolean {
  const reading = serverReading(request);
  return reading.parserRefuses || !schema.safeParse(reading.value).success;
}

// ---------------------------------------------------------------------------------------------
// Bodies a schema refuses
// ---------------------------------------------------------------------------------------------

const hostileKey = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'id', 'documentId', 'isAdmin', 'password', 'price', 'total', 'createdAt', '$where', '$ne', ''),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null, true, false, 0, -1, -0, 1.5, 1e308, 2 ** 53, '', ' ', '\u0000', '\t\r\n', 'null', 'undefined', 'true', 'NaN',
    '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '{{7*7}}', "=cmd|' /C calc'!A0", '\u202e\u0000\ud83d',
    { $ne: null }, { $gt: '' }, { $in: [] }, ['a', 'b'], [{}], [], {},
  ),
  fc.integer(),
  fc.double(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(hostileKey, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

type Mutation =
  | { kind: 'wrong-type'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'extra'; key: string; value: unknown }
  | { kind: 'huge'; field: string; length: number; unit: string }
  | { kind: 'deep'; field: string; depth: number; shape: 'array' | 'object' };

const nested = (depth: number, shape: 'array' | 'object') => {
  let value: unknown = 1;
  for (let level = 0; level < depth; level++) value = shape === 'array' ? [value] : { a: value };
  return value;
};

function applyMutation(body: Record<string, unknown>, mutation: Mutation): Record<string, unknown> {
  const next = { ...body };
  const set = (key: string, value: unknown) => Object.defineProperty(next, key, { value, enumerable: true, writable: true, configurable: true });
  switch (mutation.kind) {
    case 'wrong-type':
      set(mutation.field, mutation.value);
      break;
    case 'missing':
      delete next[mutation.field];
      break;
    case 'extra':
      set(mutation.key, mutation.value);
      break;
    case 'huge':
      set(mutation.field, mutation.unit.repeat(mutation.length));
      break;
    case 'deep':
      set(mutation.field, nested(mutation.depth, mutation.shape));
      break;
  }
  return next;
}

/** Bodies made from a valid one by one to three mutations, or replaced whole by another value. */
export function mutatedBodies(valid: Record<string, unknown>): fc.Arbitrary<{ label: string; value: unknown }> {
  const field = fc.constantFrom(...Object.keys(valid));
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('wrong-type' as const), field, value: hostileValue }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('missing' as const), field }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('extra' as const), key: hostileKey, value: hostileValue }) },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('huge' as const),
        field,
        length: fc.integer({ min: 201, max: 120_000 }),
        unit: fc.constantFrom('x', 'ß', '😀', ' ', '\u0000', '=', '\u200b'),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('deep' as const), field, depth: fc.integer({ min: 2, max: 3000 }), shape: fc.constantFrom('array' as const, 'object' as const) }),
    },
  );
  const mutated = fc.array(mutation, { minLength: 1, maxLength: 3 }).map((mutations) => ({
    label: mutations.map((m) => `${m.kind}:${'field' in m ? m.field : m.key}`).join('+'),
    value: mutations.reduce(applyMutation, valid),
  }));
  const replaced = fc.oneof(fc.anything({ maxDepth: 3 }), hostileValue).map((value) => ({ label: 'replaced', value }));
  return fc.oneof({ weight: 5, arbitrary: mutated }, { weight: 1, arbitrary: replaced });
}

// ---------------------------------------------------------------------------------------------
// How the body travels
// ---------------------------------------------------------------------------------------------

type Encoding =
  | { kind: 'json' }
  | { kind: 'proto'; nested: boolean }
  | { kind: 'constructor' }
  | { kind: 'truncated'; at: number }
  | { kind: 'invalid-utf8'; at: number; bytes: readonly number[] }
  | { kind: 'garbage'; text: string }
  | { kind: 'deep-text'; depth: number; open: string }
  | { kind: 'oversize'; extra: number }
  | { kind: 'content-type'; type: string | null }
  | { kind: 'content-encoding'; encoding: string };

const encodings: fc.Arbitrary<Encoding> = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'json' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('proto' as const), nested: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'constructor' as const }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('truncated' as const), at: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('invalid-utf8' as const),
      at: fc.nat(),
      bytes: fc.constantFrom([0xff], [0xfe, 0xff], [0xc3, 0x28], [0xe2, 0x82], [0xf0, 0x28, 0x8c, 0x28], [0xed, 0xa0, 0x80], [0xc0, 0xaf], [0x00]),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('garbage' as const), text: fc.string({ unit: 'binary', maxLength: 200 }) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('deep-text' as const), depth: fc.integer({ min: 1000, max: 120_000 }), open: fc.constantFrom('[', '{"a":', '[{"b":') }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('oversize' as const), extra: fc.integer({ min: 1, max: 100_000 }) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('content-type' as const),
      type: fc.constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'text/html',
        'text/csv',
        'application/octet-stream',
        'application/javascript',
        'multipart/form-data',
        'multipart/form-data; boundary=----gos',
        'application/json; charset=utf-16le',
        'application/vnd.api+json',
        null,
      ),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('content-encoding' as const), encoding: fc.constantFrom('gzip', 'deflate', 'br', 'x-unknown') }) },
);

const closers: Record<string, string> = { '[': ']', '{"a":': '}', '[{"b":': '}]' };

// Form fields that qs reads exactly as URLSearchParams does: no brackets, no dots, no prototype names.
const plainFormKey = (key: string) => /^[A-Za-z][A-Za-z0-9_]*$/.test(key) && !(key in Object.prototype);

function formEncoded(value: unknown): string {
  if (typeof value !== 'object' || value === null) return String(value);
  // String() of an array joins its items' own strings, and an object without a prototype has none.
  if (Array.isArray(value)) return JSON.stringify(value) ?? '';
  const entries = Object.entries(value)
    .filter(([key]) => plainFormKey(key))
    .map(([key, field]) => [key, typeof field === 'string' ? field : JSON.stringify(field) ?? ''] as [string, string]);
  return new URLSearchParams(entries).toString();
}

function encode(value: unknown, encoding: Encoding): EncodedBody {
  const json = JSON.stringify(value) ?? '';
  const asJson = (body: string | Uint8Array, label: string, extra: Record<string, string> = {}): EncodedBody => ({
    label,
    headers: { 'content-type': JSON_TYPE, ...extra },
    body,
  });
  switch (encoding.kind) {
    case 'json':
      return asJson(json, 'json');
    case 'proto': {
      const poison = '"__proto__":{"polluted":"yes","isAdmin":true}';
      const text = encoding.nested ? `{"wrapper":{${poison}},"body":${json || 'null'}}` : json.startsWith('{') && json !== '{}' ? `{${poison},${json.slice(1)}` : `{${poison}}`;
      return asJson(text, `__proto__${encoding.nested ? ' nested' : ''}`);
    }
    case 'constructor': {
      const poison = '"constructor":{"prototype":{"polluted":"yes"}}';
      return asJson(json.startsWith('{') && json !== '{}' ? `{${poison},${json.slice(1)}` : `{${poison}}`, 'constructor.prototype');
    }
    case 'truncated':
      return asJson(json.slice(0, json.length === 0 ? 0 : encoding.at % json.length), 'truncated');
    case 'invalid-utf8': {
      const bytes = Buffer.from(json || '{}');
      const at = encoding.at % (bytes.length + 1);
      return asJson(new Uint8Array(Buffer.concat([bytes.subarray(0, at), Buffer.from(encoding.bytes), bytes.subarray(at)])), 'invalid UTF-8');
    }
    case 'garbage':
      return asJson(encoding.text, 'garbage');
    case 'deep-text':
      return asJson(`${encoding.open.repeat(encoding.depth)}1${closers[encoding.open].repeat(encoding.depth)}`, `nested ${encoding.depth} deep`);
    case 'oversize':
      return asJson(`{"padding":"${'p'.repeat(BODY_LIMIT + encoding.extra)}","body":${json || 'null'}}`, 'oversize');
    case 'content-type': {
      if (encoding.type === null) return { label: 'no content type', headers: {}, body: new Uint8Array(Buffer.from(json)) };
      const body = encoding.type === 'application/x-www-form-urlencoded' ? formEncoded(value) : json;
      return { label: encoding.type, headers: { 'content-type': encoding.type }, body };
    }
    case 'content-encoding':
      return asJson(json || '{}', `content-encoding ${encoding.encoding}`, { 'content-encoding': encoding.encoding });
  }
}

/** Requests for one JSON call that its schema (or the body parser) must refuse, labelled for the failure report. */
export function malformedRequests(schema: z.ZodType, valid: Record<string, unknown>): fc.Arbitrary<EncodedBody> {
  if (!schema.safeParse(valid).success) throw new Error(`the valid example is refused by its own schema: ${JSON.stringify(valid)}`);
  return fc
    .tuple(mutatedBodies(valid), encodings)
    .map(([{ label, value }, encoding]) => {
      const encoded = encode(value, encoding);
      return { ...encoded, label: `${label} as ${encoded.label}` };
    })
    .filter((request) => mustBeRefused(schema, request));
}
