import type { z } from 'zod';
import { badRequest } from './api-error';

// zod's own wording ("Invalid input: expected string", "Too big: ...", "Unrecognized key: ...")
// names validator internals, not what to fix: the call's fallback message stands in for it.
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized key)/;

/** An issue in clear words: a contract message as written, zod's own wording replaced by the fallback. */
export function issueMessage(issue: z.core.$ZodIssue | undefined, fallback: string): string {
  if (issue && issue.code === 'custom') return issue.message;
  return issue?.message && !ZOD_DEFAULT_MESSAGE.test(issue.message) ? issue.message : fallback;
}

/** Parses input with a contract schema; the first issue's message becomes the 400's error. */
export function parseInput<T extends z.ZodType>(schema: T, input: unknown, fallback: string): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(issueMessage(result.error.issues[0], fallback));
}

/** The parsed request body (koa-body puts it on the request); unknown until a schema says more. */
export const requestBody = (ctx: { request: object }): unknown => (ctx.request as { body?: unknown }).body;
