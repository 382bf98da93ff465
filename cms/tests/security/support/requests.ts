import { expect } from 'vitest';
import { failureSchema } from '../../../src/contract/common';
import type { TestServer } from '../../helpers/strapi';

export type RawRequest = {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
};

export type RawResponse = { status: number; text: string };

/** Sends exactly these bytes and headers: no JSON encoding, no content type added. */
export async function send(server: TestServer, { method, path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  const response = await fetch(`${server.baseUrl}${path}`, { method, headers, body });
  return { status: response.status, text: await response.text() };
}

// A stack frame, a module path, an error class or a database or validator message: internals.
const INTERNAL_DETAIL = [
  /\bat .+\.(js|ts|mjs|cjs):\d+/,
  /node_modules|\/work\/|\/tmp\/|[A-Z]:\\/,
  /\b\w*Error\b|\bstack\b/,
  /\b(SQLITE_|knex|insert into|select .* from|violates|constraint|relation ")/i,
  /\b(undefined|null|NaN)\b|\[object Object\]/,
  /^(Too (big|small)|Unrecognized key|Invalid (input|option|element|key|union))|expected .* received/,
];

/** The refusal every bad request gets: a 4xx with { success: false, error } and a clear message, no internals. */
export function expectRefusal(label: string, response: RawResponse) {
  expect({ request: label, status: response.status }).toEqual({ request: label, status: expect.toSatisfy((s: number) => s >= 400 && s < 500) });
  let body: unknown;
  try {
    body = JSON.parse(response.text);
  } catch {
    throw new Error(`${label}: the answer is not JSON: ${response.text.slice(0, 200)}`);
  }
  const { error } = failureSchema.strict().parse(body);
  expect(error.trim().length, label).toBeGreaterThan(0);
  expect(error.length, label).toBeLessThanOrEqual(200);
  for (const pattern of INTERNAL_DETAIL) expect(error, `${label}: ${pattern}`).not.toMatch(pattern);
}

/** Counts what a property sent and how it was answered. */
export class Tally {
  tried = 0;
  refused = 0;
  serverErrors = 0;
  readonly statuses: Record<number, number> = {};

  record(status: number) {
    this.tried++;
    this.statuses[status] = (this.statuses[status] ?? 0) + 1;
    if (status >= 400 && status < 500) this.refused++;
    if (status >= 500) this.serverErrors++;
  }

  figures() {
    return { tried: this.tried, refused: this.refused, '5xx': this.serverErrors };
  }
}
