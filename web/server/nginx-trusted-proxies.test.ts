// @vitest-environment node
// Whose X-Forwarded-For the production entry (deploy/nginx.conf, run by the real nginx) believes:
// only the proxies an operator names in TRUSTED_PROXIES (deploy/trusted-proxies.sh renders them
// at start). Until 2026-11-28 it believed every private address, Docker's own bridge gateway
// among them: a client relayed by Docker's userland proxy arrives from the gateway, so nginx took
// the client's own header for its address. Clients here connect from loopback addresses of their
// own (127.0.0.2, …), which that default trusted just as it trusted the gateway.
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWeb } from '../../scripts/lib.mjs';
import { renderTrustedProxies, startNginx, type NginxUnderTest } from './nginx-under-test';
import { startSiteServer } from './site-server.mjs';

/** Where the stand-in cms was asked to check an access code, and as whose call. */
const codeChecks: { forwardedFor?: string; realIp?: string }[] = [];

/** A stand-in cms that answers with the address headers nginx handed it. */
async function startEcho(): Promise<Server> {
  const server = createServer((incoming, answer) => {
    if (incoming.url === '/api/auth/verify-code') codeChecks.push({ forwardedFor: incoming.headers['x-forwarded-for'] as string, realIp: incoming.headers['x-real-ip'] as string });
    const body = JSON.stringify({ forwardedFor: incoming.headers['x-forwarded-for'], realIp: incoming.headers['x-real-ip'] });
    answer.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
    answer.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** What the cms was told about a request sent from localAddress with the given headers. */
const seenBy = (nginx: NginxUnderTest, localAddress: string, headers: IncomingHttpHeaders = {}) =>
  new Promise<{ forwardedFor: string; realIp: string }>((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: nginx.port, path: '/api/whoami', localAddress, headers: { ...headers, connection: 'close' } }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });

const FORGED = { 'x-forwarded-for': '198.51.100.7', 'x-real-ip': '192.0.2.1', forwarded: 'for=203.0.113.1' };

describe('the proxies deploy/nginx.conf believes', () => {
  let cms: Server;
  const started: NginxUnderTest[] = [];
  const nginxTrusting = async (trustedProxies?: string[]) => {
    const nginx = await startNginx({ cmsPort: (cms.address() as AddressInfo).port, pagesPort: (cms.address() as AddressInfo).port, trustedProxies });
    started.push(nginx);
    return nginx;
  };

  beforeAll(async () => {
    cms = await startEcho();
  });
  afterAll(async () => {
    await Promise.all(started.map((nginx) => nginx.stop()));
    await new Promise((resolve) => cms?.close(resolve));
  });

  it('by default none: a client from a private address is that address, whatever it writes', async () => {
    const nginx = await nginxTrusting();
    expect(await seenBy(nginx, '127.0.0.2', FORGED)).toEqual({ forwardedFor: '127.0.0.2', realIp: '127.0.0.2' });
    expect(await seenBy(nginx, '127.0.0.3')).toEqual({ forwardedFor: '127.0.0.3', realIp: '127.0.0.3' });
  });

  it('the TLS proxy the operator names, and it alone: its client is the address it appended', async () => {
    const nginx = await nginxTrusting(['127.0.0.9']);
    // The TLS proxy appends the address it saw to what the client sent.
    expect(await seenBy(nginx, '127.0.0.9', { 'x-forwarded-for': '198.51.100.7, 203.0.113.50' })).toEqual({ forwardedFor: '203.0.113.50', realIp: '203.0.113.50' });
    // Any other private address is a client, not a proxy.
    expect(await seenBy(nginx, '127.0.0.4', FORGED)).toEqual({ forwardedFor: '127.0.0.4', realIp: '127.0.0.4' });
  });

  it('a chain of named proxies, walked from the right; an unnamed address in it is the client', async () => {
    const nginx = await nginxTrusting(['127.0.0.9', '10.1.0.0/16']);
    expect(await seenBy(nginx, '127.0.0.9', { 'x-forwarded-for': '198.51.100.7, 203.0.113.50, 10.1.2.3' })).toMatchObject({ forwardedFor: '203.0.113.50' });
  });

  it('the access form sent before the scripts: the pages service checks the code as the client nginx saw (PAGES_BEHIND_PROXY)', async () => {
    await buildWeb();
    const cmsUrl = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`;
    const pages = await startSiteServer({ cmsUrl, publicUrl: 'http://localhost', port: 0, trustProxy: true });
    const nginx = await startNginx({ cmsPort: (cms.address() as AddressInfo).port, pagesPort: Number(new URL(pages.url).port) });
    started.push(nginx);
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const outgoing = request(
          { host: '127.0.0.1', port: nginx.port, path: '/enthuelle-dein-wappen', method: 'POST', localAddress: '127.0.0.6', headers: { ...FORGED, 'content-type': 'application/x-www-form-urlencoded', connection: 'close' } },
          (answer) => {
            answer.resume();
            answer.on('end', () => resolve(answer.statusCode ?? 0));
          },
        );
        outgoing.on('error', reject);
        outgoing.end('code=ABCDE-FGHJK');
      });
      // The stand-in has no site content to render a page from: the pages service sends the shell.
      expect(status).toBe(200);
      expect(codeChecks.at(-1)).toEqual({ forwardedFor: '127.0.0.6', realIp: '127.0.0.6' });
    } finally {
      await pages.close();
    }
  }, 240_000);

  it('the renderer writes only addresses and ranges, and refuses anything else', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'gos-trusted-'));
    try {
      const file = path.join(dir, 'trusted-proxies.conf');
      renderTrustedProxies(file, ['203.0.113.7,10.1.0.0/16', '2001:db8::1']);
      const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line && !line.startsWith('#'));
      expect(lines).toEqual(['set_real_ip_from 203.0.113.7;', 'set_real_ip_from 10.1.0.0/16;', 'set_real_ip_from 2001:db8::1;']);
      for (const hostile of ['10.0.0.0/8;include /etc/passwd', '0.0.0.0/0/1', 'unix:', '*']) {
        expect(() => renderTrustedProxies(file, [hostile]), hostile).toThrow(/is no IP address or CIDR range/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
