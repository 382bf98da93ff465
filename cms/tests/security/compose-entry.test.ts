import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES } from '../../src/contract/auth';
import { PUBLIC_READ_CACHING } from '../../src/contract/http-caching';
import { startNginx, type NginxUnderTest } from '../../../web/server/nginx-under-test';
import { freePort } from '../../../scripts/cms-process.mjs';
import { callFrom, forgedAddressHeaders } from '../helpers/from-address';
import { createTestWorkspace, startTestProcess, TEST_ORGANISER, type TestProcess } from '../helpers/strapi';
import { removeDir } from '../helpers/test-database';

// The client's address in the production shape: docker-compose.yml's chain of a TLS proxy, nginx
// with deploy/nginx.conf, and the cms with TRUST_PROXY and one trusted hop. The TLS proxy is
// 127.0.0.9 here (the one address TRUSTED_PROXIES names), and each client a loopback address
// of its own. A client reaches the cms as itself, whatever it writes in X-Forwarded-For, whether it
// comes through the TLS proxy or straight to nginx.

const MAX_FAILURES = 10;
const TLS_PROXY = '127.0.0.9';

describe('the client address behind nginx, as docker compose runs it', () => {
  let cms: TestProcess;
  let nginx: NginxUnderTest;

  beforeAll(async () => {
    const { database, workDir, env } = await createTestWorkspace();
    cms = await startTestProcess(database, workDir, { ...env, HOST: '127.0.0.1', TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '1' });
    nginx = await startNginx({ cmsPort: Number(new URL(cms.url).port), pagesPort: await freePort(), trustedProxies: [TLS_PROXY] });
  });
  afterAll(async () => {
    await nginx?.stop();
    await cms?.stop();
    await cms?.database.drop();
    if (cms) await removeDir(cms.workDir);
  });

  /** A sign-in from a client: straight to nginx, or through the TLS proxy, which appends the client's address. */
  const signIn = (client: string, username: string, password: string, forged: Record<string, string>, viaTlsProxy: boolean) => {
    const headers = viaTlsProxy ? { ...forged, 'x-forwarded-for': `${forged['x-forwarded-for']}, ${client}` } : forged;
    return callFrom(nginx.url, viaTlsProxy ? TLS_PROXY : client, 'POST', '/api/admin/login', { body: { username, password }, headers });
  };

  it.each([
    ['straight to nginx', false, '127.0.0.2', '127.0.0.3'],
    ['through the TLS proxy', true, '127.0.0.4', '127.0.0.5'],
  ])('%s: forged X-Forwarded-For is one client, and another client has its own limit', async (_, viaTlsProxy, attacker, other) => {
    const statuses: number[] = [];
    for (let n = 1; n <= 30; n++) statuses.push((await signIn(attacker, `nobody-${n}`, `falsch-${n}`, forgedAddressHeaders(n), viaTlsProxy)).status);
    expect(statuses.slice(0, MAX_FAILURES)).toEqual(Array(MAX_FAILURES).fill(401));
    expect(statuses.slice(MAX_FAILURES)).toEqual(Array(30 - MAX_FAILURES).fill(429));
    expect(await signIn(attacker, TEST_ORGANISER.username, TEST_ORGANISER.password, forgedAddressHeaders(31), viaTlsProxy)).toMatchObject({
      status: 429,
      body: { success: false, error: LOGIN_MESSAGES.tooManyAttempts },
    });
    const answer = await signIn(other, TEST_ORGANISER.username, TEST_ORGANISER.password, forgedAddressHeaders(32), viaTlsProxy);
    expect(answer.status).toBe(200);
  });

  it("counts Strapi's panel sign-ins with forged X-Forwarded-For as one client", async () => {
    const email = 'editor@test.invalid';
    const statuses: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const answer = await callFrom(nginx.url, '127.0.0.6', 'POST', '/cms/admin/login', { body: { email, password: `Falsch-${n}-Passwort` }, headers: forgedAddressHeaders(n) });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 5).every((status) => status === 400 || status === 401)).toBe(true);
    expect(statuses.slice(5)).toEqual(Array(5).fill(429));
    const other = await callFrom(nginx.url, '127.0.0.7', 'POST', '/cms/admin/login', { body: { email, password: 'Falsch-Passwort' } });
    expect([400, 401]).toContain(other.status);
  });

  it("lets nginx keep the public reads a few seconds, and never an organiser's answers", async () => {
    const read = () => fetch(`${nginx.url}/api/site-content`);
    const first = await read();
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe(PUBLIC_READ_CACHING);
    expect((await read()).headers.get('x-cache-status')).toBe('HIT');

    const login = await callFrom(nginx.url, '127.0.0.10', 'POST', '/api/admin/login', {
      body: { username: TEST_ORGANISER.username, password: TEST_ORGANISER.password },
    });
    expect(login.status).toBe(200);
    const session = {
      cookie: login.cookies.map((cookie) => cookie.split(';')[0]).join('; '),
      'x-user-id': String((login.body.user as { id: number }).id),
    };
    for (let n = 0; n < 2; n++) {
      const items = await fetch(`${nginx.url}/api/admin/shop/items`, { headers: session });
      expect(items.status).toBe(200);
      expect(items.headers.get('x-cache-status')).toBe('BYPASS');
      expect(items.headers.get('cache-control') ?? '').not.toMatch(/public|s-maxage/);
    }
    // Without the session: refused each time, and the refusal is no more kept than the answer.
    for (let n = 0; n < 2; n++) {
      const refused = await fetch(`${nginx.url}/api/admin/shop/items`);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('x-cache-status')).toBe('MISS');
    }
  });
});
