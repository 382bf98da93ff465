import { createHmac } from 'node:crypto';
import { SESSION_COOKIE, startSession } from '../../src/http/session';
import { TEST_ORGANISER, type TestServer } from './strapi';

/** What the calls need of a cms: its address (an in-process server or a separate process). */
export type Endpoint = Pick<TestServer, 'baseUrl'>;

export type ApiResponse<T = Record<string, unknown>> = { status: number; body: T; headers: Headers };

type CallOptions = { body?: unknown; rawBody?: string | FormData; headers?: Record<string, string> };

/** Calls the cms over HTTP and parses the JSON answer (text when it is not JSON). */
export async function call<T = Record<string, unknown>>(
  server: Endpoint,
  method: string,
  path: string,
  { body, rawBody, headers = {} }: CallOptions = {},
): Promise<ApiResponse<T>> {
  const init: RequestInit = { method, headers: { ...headers } };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
  } else if (rawBody !== undefined) init.body = rawBody;
  const response = await fetch(`${server.baseUrl}${path}`, init);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: keep the text (CSV downloads, for example)
  }
  return { status: response.status, body: parsed as T, headers: response.headers };
}

export type AdminSession = { id: number; cookie: string; headers: Record<string, string> };

/** Signs in through POST /api/admin/login and returns what the dashboard would send along. */
export async function signIn(
  server: Endpoint,
  username = TEST_ORGANISER.username,
  password = TEST_ORGANISER.password,
): Promise<AdminSession> {
  const response = await fetch(`${server.baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await response.json()) as { success: boolean; user?: { id: number } };
  if (!body.success || !body.user) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  const cookie = response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  return { id: body.user.id, cookie, headers: { cookie, 'x-user-id': String(body.user.id) } };
}

/** Calls an admin endpoint as the signed-in organiser. */
export const adminCall = <T = Record<string, unknown>>(
  server: Endpoint,
  session: AdminSession,
  method: string,
  path: string,
  options: CallOptions = {},
) => call<T>(server, method, path, { ...options, headers: { ...session.headers, ...options.headers } });

// Headers that differ between any two answers, whichever way they were sent.
const VARYING_HEADERS = new Set(['date', 'keep-alive', 'connection']);

/** An answer's headers without those that differ between any two answers: to compare two ways of answering. */
export const comparableHeaders = (response: Response) =>
  Object.fromEntries([...response.headers].filter(([name]) => !VARYING_HEADERS.has(name)));

/**
 * The headers of a session opened on the server for any user, organiser or not, as the browser
 * would hold it after a sign-in: the token and koa's signature of it (Keygrip: HMAC-SHA1 with the
 * first of APP_KEYS). For checking what a session of a user who could not sign in may do.
 */
export async function sessionHeadersFor(server: Pick<TestServer, 'strapi' | 'env'>, userId: number): Promise<Record<string, string>> {
  const token = await startSession(server.strapi, userId);
  const [key] = server.env.APP_KEYS.split(',');
  const signature = createHmac('sha1', key).update(`${SESSION_COOKIE}=${token}`).digest('base64url');
  return { cookie: `${SESSION_COOKIE}=${token}; ${SESSION_COOKIE}.sig=${signature}`, 'x-user-id': String(userId) };
}
