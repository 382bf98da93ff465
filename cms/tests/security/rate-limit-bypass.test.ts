import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCESS_CODE_MESSAGES, generateCodesResponseSchema } from '../../src/contract/access-codes';
import { LOGIN_MESSAGES } from '../../src/contract/auth';
import { housesResponseSchema } from '../../src/contract/houses';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { startTestServer, TEST_ORGANISER, type TestServer } from '../helpers/strapi';
import { reportFigures } from '../helpers/figures';
import { send, Tally } from './support/requests';

const MAX_FAILURES = 10;

/** Headers a client sends to pass for someone else; with TRUST_PROXY off (the default) none may count. */
const spoofedOrigins = (n: number): Record<string, string>[] => [
  { 'x-forwarded-for': `203.0.113.${n}` },
  { 'x-forwarded-for': `198.51.100.${n}, 127.0.0.1` },
  { 'x-real-ip': `192.0.2.${n}` },
  { forwarded: `for=192.0.2.${n};proto=https` },
  { 'x-client-ip': `192.0.2.${n}`, 'true-client-ip': `192.0.2.${n}`, 'cf-connecting-ip': `192.0.2.${n}` },
  { 'x-forwarded-for': `::ffff:10.0.0.${n}`, 'x-real-ip': `fe80::${n}` },
];

/** The same call spelt otherwise: letter case, slashes, a query string, an encoded letter. */
const pathVariants = (path: string) => [
  path,
  `${path}/`,
  `/${path}`,
  `${path.replace('/api/', '/api//')}`,
  path.toUpperCase().replace('/API/', '/api/'),
  path.toUpperCase(),
  `${path}?retry=1`,
  `${path}/?a=b&a=c`,
  `${path}#fragment`,
  `${path.slice(0, -1)}%${path.charCodeAt(path.length - 1).toString(16)}`,
  `/api/./${path.slice(5)}`,
  `/api/x/../${path.slice(5)}`,
];

describe('rate limits cannot be bypassed', () => {
  let server: TestServer;
  let session: AdminSession;
  const figures: Record<string, Record<string, number>> = {};

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
  });
  beforeEach(async () => {
    await server.strapi.db.connection('gos_rate_limits').del();
  });
  afterAll(async () => {
    if (server) reportFigures('rate-limit-bypass', server.database.client, figures);
    await server?.destroy();
  });

  type Bucket = {
    name: string;
    path: string;
    wrong: (n: number) => unknown;
    right: () => Promise<unknown>;
    variants: (right: unknown) => unknown[];
    failureStatus: number;
    limited: string;
  };

  const buckets: Bucket[] = [
    {
      name: 'sign-in',
      path: '/api/admin/login',
      wrong: (n) => ({ username: TEST_ORGANISER.username, password: `falsch-${n}` }),
      right: async () => TEST_ORGANISER,
      variants: () => [
        TEST_ORGANISER,
        { username: TEST_ORGANISER.username.toUpperCase(), password: TEST_ORGANISER.password },
        { username: ` ${TEST_ORGANISER.username}\t`, password: TEST_ORGANISER.password },
        { ...TEST_ORGANISER, extra: 'feld', remember: true },
        { username: 'someone-else', password: 'other-password' },
        { username: TEST_ORGANISER.username, password: `${TEST_ORGANISER.password} ` },
        { password: TEST_ORGANISER.password, username: TEST_ORGANISER.username },
      ],
      failureStatus: 401,
      limited: LOGIN_MESSAGES.tooManyAttempts,
    },
    {
      name: 'code verification',
      path: '/api/auth/verify-code',
      wrong: (n) => ({ code: `FALSCH${String(n).padStart(4, '2')}`.slice(0, 10) }),
      right: async () => {
        const [house] = housesResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/houses')).body).houses;
        const generated = await adminCall(server, session, 'POST', '/api/admin/generate-codes', { body: { houseId: house.id, count: 1 } });
        return { code: generateCodesResponseSchema.parse(generated.body).codes[0] };
      },
      variants: (right) => {
        const { code } = right as { code: string };
        return [right, { code: code.toLowerCase() }, { code: ` ${code.replace('-', ' ')} ` }, { code, extra: 1 }, { code: 'ANDERS-CODE' }, { code: '' }];
      },
      failureStatus: 400,
      limited: ACCESS_CODE_MESSAGES.tooManyAttempts,
    },
  ];

  it.each(buckets)('$name: after the limit nothing gets through, however the request is changed', async (bucket) => {
    const tally = new Tally();
    const right = await bucket.right();
    for (let n = 1; n <= MAX_FAILURES; n++) {
      const response = await call(server, 'POST', bucket.path, { body: bucket.wrong(n) });
      expect(response.status).toBe(bucket.failureStatus);
    }

    let passed = 0;
    let answered429 = 0;
    const attempts: { path: string; headers: Record<string, string>; body: unknown }[] = [];
    for (const body of bucket.variants(right)) {
      for (const path of pathVariants(bucket.path)) attempts.push({ path, headers: {}, body });
      for (const [n, headers] of spoofedOrigins(7).entries()) attempts.push({ path: bucket.path, headers: { ...headers, 'x-attempt': String(n) }, body });
    }
    for (const { path, headers, body } of attempts) {
      const response = await send(server, { method: 'POST', path, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      tally.record(response.status);
      // A variant either reaches the call and is refused with 429, or reaches no call at all.
      expect({ path, headers, status: response.status }).toEqual({ path, headers, status: expect.toSatisfy((s: number) => s === 429 || s === 404 || s === 405) });
      if (response.status === 429) {
        answered429++;
        expect(JSON.parse(response.text)).toEqual({ success: false, error: bucket.limited });
      }
      if (response.status === 200) passed++;
    }
    expect(passed).toBe(0);
    expect(answered429).toBeGreaterThan(attempts.length / 2);
    figures[bucket.name] = { ...tally.figures(), limited: answered429, passed };
  });

  it.each(buckets)('$name: parallel wrong attempts get no more than the limit between them', async (bucket) => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, n) => call(server, 'POST', bucket.path, { body: bucket.wrong(n + 100) })));
    const checked = answers.filter((answer) => answer.status === bucket.failureStatus).length;
    figures[`${bucket.name} parallel`] = { tried: answers.length, checked, limited: answers.filter((a) => a.status === 429).length };
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(answers.every((answer) => answer.status === bucket.failureStatus || answer.status === 429)).toBe(true);
  });

  it('answers 429 after 10 failures, and nothing resets it', async () => {
    const wrong = { username: TEST_ORGANISER.username, password: 'not-the-password' };
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await call(server, 'POST', '/api/admin/login', { body: wrong })).status).toBe(401);
    }
    const attempts = [
      call(server, 'POST', '/api/admin/login', { body: TEST_ORGANISER }),
      call(server, 'POST', '/api/admin/login', { body: { username: 'someone-else', password: 'other-password' } }),
      call(server, 'POST', '/api/ADMIN/LOGIN', { body: wrong }),
      call(server, 'POST', '/api/admin/login/', { body: wrong }),
      call(server, 'POST', '/api/admin/login', { body: wrong, headers: { 'x-forwarded-for': '203.0.113.7' } }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(429);
      expect(response.body).toEqual({ success: false, error: LOGIN_MESSAGES.tooManyAttempts });
    }
    // Counts failures in the database, so every cms instance sees them: per client address, and
    // per account (by its name's SHA-256).
    const rows = await server.strapi.db.connection('gos_rate_limits').select('bucket', 'failures').orderBy('bucket');
    const account = createHash('sha256').update(TEST_ORGANISER.username).digest('hex');
    expect(rows).toEqual([
      { bucket: `admin-login-account:${account}`, failures: 10 },
      { bucket: 'admin-login:127.0.0.1', failures: 10 },
    ]);
  });
});
