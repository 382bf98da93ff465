import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import type { TestServer } from '../../helpers/strapi';
import { databaseChanges, snapshotDatabase } from './database';
import type { Figures } from '../../helpers/figures';
import { malformedRequests } from './malformed';
import { expectRefusal, send, Tally } from './requests';

/** A call that reads a JSON body: its contract schema, a body that schema accepts, and its path. */
export type JsonCall = { schema: z.ZodType; valid: Record<string, unknown>; path: string };

export const propertyTimeout = (runs: number) => Math.max(300_000, runs * 300);

type Property = { name: string; method: string; call: JsonCall; headers: Record<string, string>; runs: number };

/**
 * Sends `runs` generated requests the call must refuse: each must get a 4xx with a clear
 * message, and together they may neither change the database nor pollute a prototype.
 */
export async function refusesEveryGeneratedRequest(server: TestServer, figures: Record<string, Figures>, { name, method, call, headers, runs }: Property) {
  const tally = new Tally();
  const before = await snapshotDatabase(server);
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype);
  try {
    await fc.assert(
      fc.asyncProperty(malformedRequests(call.schema, call.valid), async (request) => {
        const response = await send(server, { method, path: call.path, headers: { ...headers, ...request.headers }, body: request.body });
        tally.record(response.status);
        expectRefusal(`${method} ${call.path} ${request.label}`, response);
      }),
      { numRuns: runs },
    );
  } finally {
    figures[name] = tally.figures();
  }
  expect(tally.serverErrors).toBe(0);
  expect(tally.refused).toBe(tally.tried);
  expect(tally.tried).toBeGreaterThanOrEqual(runs);
  expect(databaseChanges(before, await snapshotDatabase(server))).toEqual({});
  expect(Object.getOwnPropertyNames(Object.prototype)).toEqual(prototypeKeys);
}
