// @vitest-environment node
// scripts/supervise.mjs, what `npm start` keeps its servers up with, on tiny Node children.
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/cms-process.mjs';
import { supervise, type Supervised, type SupervisorOptions } from '../../scripts/supervise.mjs';

/** A child that runs `code` (Node), then prints when it started (so it is ready once that is printed). */
const child = (code: string) => [
  '-e',
  `${code} console.log('started ' + Date.now()); console.error('a line on stderr');`,
];

const EXITS_AT_ONCE = 'process.exitCode = 3;';
const RUNS_ON = 'setInterval(() => {}, 1000);';
const IGNORES_SIGTERM = "process.on('SIGTERM', () => console.log('not yet')); setInterval(() => {}, 1000);";

/** Supervises a child with short pauses, collecting what it prints and what the supervisor logs. */
function watch(code: string, options: SupervisorOptions = {}) {
  const printed: string[] = [];
  const logged: string[] = [];
  const collect = (into: string[]) => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => into.push(...chunk.toString().split('\n').filter(Boolean)));
    return stream;
  };
  const supervised = supervise('tiny', process.execPath, child(code), {
    output: { stdout: collect(printed), stderr: collect(printed) },
    log: (message) => logged.push(message),
    firstDelayMs: 100,
    maxDelayMs: 400,
    maxDeaths: 5,
    windowMs: 30_000,
    ...options,
  });
  running.push(supervised);
  const startTimes = () => printed.filter((line) => line.startsWith('[tiny] started ')).map((line) => Number(line.split(' ')[2]));
  return { supervised, printed, logged, startTimes };
}

const running: Supervised[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((each) => each.stop()));
});

describe('supervise', () => {
  it('starts a child that stops on its own again, after pauses that double', async () => {
    const { supervised, logged, startTimes } = watch(EXITS_AT_ONCE, { maxDeaths: 10 });
    await vi.waitFor(() => expect(startTimes().length).toBeGreaterThanOrEqual(5), { timeout: 10_000 });
    await supervised.stop();

    const pauses = startTimes()
      .slice(1)
      .map((time, index) => time - startTimes()[index]!);
    // 100, 200, 400 ms, then capped at 400, plus the time a Node child takes to start.
    expect(pauses[0]).toBeGreaterThanOrEqual(100);
    expect(pauses[1]).toBeGreaterThanOrEqual(200);
    expect(pauses[2]).toBeGreaterThanOrEqual(400);
    expect(pauses[3]).toBeGreaterThanOrEqual(400);
    expect(logged[0]).toMatch(/^\[tiny\] stopped unexpectedly \(exit code 3\) after [\d.]+ s; its last lines:/);
    expect(logged[0]).toContain('  | a line on stderr');
    expect(logged[1]).toBe('[tiny] starting it again in 0.1 s (death 1 of 10 allowed within 30 s)');
    expect(logged).toContain('[tiny] starting it again in 0.4 s (death 3 of 10 allowed within 30 s)');
    expect(logged).toContain('[tiny] starting it again in 0.4 s (death 4 of 10 allowed within 30 s)');
  });

  it('gives up on a child that keeps dying, and starts it no more', async () => {
    const { supervised, logged, startTimes } = watch(EXITS_AT_ONCE, { firstDelayMs: 20, maxDeaths: 3 });
    expect(await supervised.ended).toBe('gave up');
    expect(startTimes()).toHaveLength(3);
    expect(logged.at(-1)).toBe('[tiny] died 3 times within 30 s: giving up on it.');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(supervised.starts).toBe(3);
  });

  it('forgets deaths older than the window', async () => {
    const { supervised, startTimes } = watch(EXITS_AT_ONCE, { firstDelayMs: 150, maxDelayMs: 150, maxDeaths: 2, windowMs: 100 });
    await vi.waitFor(() => expect(startTimes().length).toBeGreaterThanOrEqual(4), { timeout: 10_000 });
    expect(supervised.starts).toBeGreaterThanOrEqual(4);
  });

  it('brings back a child killed with SIGKILL', async () => {
    const { supervised, logged, startTimes } = watch(RUNS_ON);
    await vi.waitFor(() => expect(startTimes()).toHaveLength(1), { timeout: 5000 });
    const first = supervised.child!;
    process.kill(first.pid!, 'SIGKILL');
    await vi.waitFor(() => expect(startTimes()).toHaveLength(2), { timeout: 5000 });
    expect(supervised.child?.pid).not.toBe(first.pid);
    expect(logged[0]).toMatch(/^\[tiny\] stopped unexpectedly \(SIGKILL\)/);
  });

  it('stops a running child for good', async () => {
    const { supervised, startTimes } = watch(RUNS_ON);
    await vi.waitFor(() => expect(startTimes()).toHaveLength(1), { timeout: 5000 });
    const first = supervised.child!;
    await supervised.stop();
    expect(first.signalCode).toBe('SIGTERM');
    expect(await supervised.ended).toBe('stopped');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(supervised.starts).toBe(1);
    expect(supervised.child).toBeNull();
  });

  it('stops a child that ignores SIGTERM with SIGKILL', async () => {
    const { supervised, printed } = watch(IGNORES_SIGTERM, { stopTimeoutMs: 300 });
    await vi.waitFor(() => expect(printed.some((line) => line.startsWith('[tiny] started'))).toBe(true), { timeout: 5000 });
    const first = supervised.child!;
    await supervised.stop();
    expect(first.signalCode).toBe('SIGKILL');
  });

  it('kills and starts again a child that stops answering its health check, and leaves one that answers alone', async () => {
    const port = await freePort();
    // Answers /_health (with a 503 at times: an answer all the same) for half a second after it
    // started, then blocks its event loop: alive, answering nothing.
    const HANGS_LATER = `require('node:http').createServer((q, a) => a.writeHead(Date.now() % 2 ? 200 : 503).end()).listen(${port}, '127.0.0.1');
      setTimeout(() => { for (;;) {} }, 500);`;
    const health = { url: `http://127.0.0.1:${port}/_health`, everyMs: 100, timeoutMs: 200, failures: 3 };
    const { supervised, logged, startTimes } = watch(HANGS_LATER, { health, maxDeaths: 10 });
    await vi.waitFor(() => expect(startTimes().length).toBeGreaterThanOrEqual(2), { timeout: 10_000 });
    expect(logged[0]).toBe(`[tiny] gave no answer at ${health.url} 3 times in a row (0.2 s each): killing it, to start it again`);
    expect(logged[1]).toMatch(/^\[tiny\] stopped unexpectedly \(SIGKILL\)/);
    await supervised.stop();

    const steady = watch(`require('node:http').createServer((q, a) => a.writeHead(503).end()).listen(${port}, '127.0.0.1');`, { health });
    await vi.waitFor(() => expect(steady.startTimes()).toHaveLength(1), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(steady.supervised.starts).toBe(1);
    expect(steady.logged).toEqual([]);
  }, 20_000);

  it('cancels a restart that is waiting when it is stopped', async () => {
    const { supervised, logged } = watch(EXITS_AT_ONCE, { firstDelayMs: 60_000, maxDelayMs: 60_000 });
    await vi.waitFor(() => expect(logged.some((line) => line.includes('starting it again in 60 s'))).toBe(true), { timeout: 5000 });
    await supervised.stop();
    expect(await supervised.ended).toBe('stopped');
    expect(supervised.starts).toBe(1);
  });
});
