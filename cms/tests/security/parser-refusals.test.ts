import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/strapi';

/** What the server sends back on a raw connection for these bytes, until it closes it. */
function answerTo(baseUrl: string, written: string, { pauseBetween = 0 } = {}) {
  const { hostname, port } = new URL(baseUrl);
  const socket = connect(Number(port), hostname);
  const received: Buffer[] = [];
  const ended = new Promise<string>((resolve) => {
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => resolve(Buffer.concat(received).toString('utf8')));
    socket.on('close', () => resolve(Buffer.concat(received).toString('utf8')));
  });
  void (async () => {
    for (const piece of written.split('\u0001')) {
      if (socket.destroyed) break;
      socket.write(piece);
      if (pauseBetween) await new Promise((resolve) => setTimeout(resolve, pauseBetween));
    }
    socket.end();
  })();
  return ended;
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3}) /.exec(answer)?.[1]);
const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

// Node's HTTP parser refuses some requests before Strapi sees them: headers beyond 16 kB, a
// request line that is no HTTP. Its own answer has no body; the site's server passes what the
// cms answers on (its proxy adds headers, so a request just inside the site's limit can be
// beyond the cms's), and nginx passes /cms on: the cms answers them in the contract's shape too.
describe("what the cms's HTTP parser refuses", () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('answers headers too large with 431 in the contract shape, in the language of the call', async () => {
    const dashboard = await answerTo(server.baseUrl, `POST /api/admin/generate-codes?${'a=1&'.repeat(4500)} HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}`);
    expect(statusOf(dashboard)).toBe(431);
    expect(dashboard).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(JSON.parse(bodyOf(dashboard))).toEqual({ success: false, error: 'The request headers are too large' });

    const visitor = await answerTo(server.baseUrl, `GET /api/shop/items HTTP/1.1\r\nHost: x\r\nCookie: ${'c'.repeat(17_000)}\r\n\r\n`);
    expect(statusOf(visitor)).toBe(431);
    expect(JSON.parse(bodyOf(visitor))).toEqual({ success: false, error: 'Die Kopfzeilen der Anfrage sind zu groß.' });
  });

  it('answers a HEAD with headers too large with 431 and no body', async () => {
    const answer = await answerTo(server.baseUrl, `HEAD /api/shop/items?${'a=1&'.repeat(4500)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(statusOf(answer)).toBe(431);
    expect(answer).toMatch(/\r\nContent-Length: 0\r\n/);
    expect(bodyOf(answer)).toBe('');
  });

  it('answers with its body when the headers overflow in a later packet than the request line', async () => {
    const lines = Array.from({ length: 10 }, (_, line) => `X-Filler-${line}: ${'a'.repeat(4000)}\r\n`).join('\u0001');
    const answer = await answerTo(server.baseUrl, `GET /api/settings/shop_enabled HTTP/1.1\r\nHost: x\r\n\u0001${lines}`, { pauseBetween: 20 });
    expect(statusOf(answer)).toBe(431);
    expect(JSON.parse(bodyOf(answer))).toEqual({ success: false, error: expect.any(String) });
  });

  it.each([
    ['a request line that is no HTTP', 'HELLO\r\n\r\n'],
    ['a NUL in a header name', 'GET /api/settings/shop_enabled HTTP/1.1\r\nHost: x\r\nX-\u0000: 1\r\n\r\n'],
    ['a bad chunk size', 'POST /api/shop/orders HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'],
  ])('answers %s with 400 in the contract shape', async (_, written) => {
    const answer = await answerTo(server.baseUrl, written);
    expect(statusOf(answer)).toBe(400);
    expect(JSON.parse(bodyOf(answer))).toEqual({ success: false, error: expect.stringMatching(/\S/) });
  });

  it('keeps answering after the refusals', async () => {
    const answer = await fetch(`${server.baseUrl}/api/settings/shop_enabled`);
    expect(answer.status).toBe(200);
  });
});
