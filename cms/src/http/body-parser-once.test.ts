import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import { afterEach, describe, expect, it } from 'vitest';
import { buildBodyParserOnce } from './body-parser-once';

describe('koa-body built once per options object', () => {
  const servers: ReturnType<typeof createServer>[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  it('answers the same parser for the same options, and its own for other options', () => {
    const module = { koaBody };
    buildBodyParserOnce(module);
    const options = { jsonLimit: '1kb' };
    expect(module.koaBody(options)).toBe(module.koaBody(options));
    expect(module.koaBody({ jsonLimit: '1kb' })).not.toBe(module.koaBody(options));
    // Applied twice (two Strapi instances in one process), it still builds once.
    const once = module.koaBody;
    buildBodyParserOnce(module);
    expect(module.koaBody).toBe(once);
  });

  it('parses every request with the parser built once, each its own body, and keeps the size limit', async () => {
    const module = { koaBody };
    buildBodyParserOnce(module);
    const options = { jsonLimit: '64b' };
    const app = new Koa();
    // As strapi::body calls it: koaBody(options) on every request.
    app.use(async (ctx, next) => {
      try {
        // koa-body is typed against its own copy of Koa's types.
        await (module.koaBody(options) as unknown as Koa.Middleware)(ctx, next);
      } catch (error) {
        ctx.status = (error as { status?: number }).status ?? 500;
      }
    });
    app.use((ctx) => {
      ctx.body = { got: (ctx.request as { body?: unknown }).body };
    });
    const server = createServer(app.callback()).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    const send = (body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

    const answers = await Promise.all(['a', 'b', 'c'].map((name) => send(JSON.stringify({ name })).then((response) => response.json())));
    expect(answers).toEqual([{ got: { name: 'a' } }, { got: { name: 'b' } }, { got: { name: 'c' } }]);
    expect((await send(JSON.stringify({ name: 'x'.repeat(100) }))).status).toBe(413);
  });
});
