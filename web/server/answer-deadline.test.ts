import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { answerWithin as cmsAnswerWithin } from '../../cms/src/http/answer-deadline';
import { answerWithin } from './answer-deadline.mjs';

// The deadline's clock per request (docs/decisions/032) must end with the answer: the site's
// server held every request of a bench run for five minutes, 2.7 GB after 40 s of load. The cms
// bounds its answers the same way.

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;

it.each([
  ['the site', answerWithin],
  ['the cms', cmsAnswerWithin],
])('%s holds no clock once a request is answered, also when nobody read its body', async (_, bound) => {
  const server = http.createServer((_request, response) => response.end('ok'));
  bound(server, 60_000);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const before = timers();
  const ask = (method: string) =>
    new Promise<void>((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path: '/', agent }, (response) => response.resume().on('end', resolve));
      request.on('error', reject);
      request.end(method === 'POST' ? 'ein Körper, den keiner liest' : undefined);
    });
  await Promise.all(Array.from({ length: 40 }, (_, index) => ask(index % 2 ? 'POST' : 'GET')));
  agent.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await sleep(50);
  expect(timers()).toBeLessThanOrEqual(before);
});
