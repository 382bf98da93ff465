// Keeps a long-running server up: when it stops on its own it is logged with its last lines of
// output and started again after a growing pause; when it keeps dying it is given up on. No
// dependencies, so it runs on a fresh clone (`npm start`, scripts/start.mjs).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const DEFAULTS = {
  /** The pause before the first restart, doubled for each further death in the window, up to maxDelayMs. */
  firstDelayMs: 1000,
  maxDelayMs: 15_000,
  /** Given up on when it died this many times within windowMs. */
  maxDeaths: 5,
  windowMs: 60_000,
  /** How many of its last lines of output a death is logged with. */
  lastLines: 20,
  /** How long stop() waits after SIGTERM before it sends SIGKILL. */
  stopTimeoutMs: 10_000,
  /**
   * With a url: the server is asked there every everyMs once it has answered once; a server that
   * gives no answer within timeoutMs (any status is an answer) failures times in a row is hung,
   * and is killed, then started again like a server that died.
   */
  health: null,
};

const HEALTH_DEFAULTS = { everyMs: 10_000, timeoutMs: 5000, failures: 3 };

const seconds = (ms) => `${Number((ms / 1000).toFixed(1))} s`;

/** Sends a signal to the child's process group (the server and anything it started), or to the child alone. */
function signal(child, name) {
  try {
    process.kill(-child.pid, name);
  } catch {
    child.kill(name);
  }
}

/**
 * Starts `command args` as `label` and keeps it running until stop(). Its output goes to
 * `output` (stdout and stderr, each line prefixed with the label); `log` receives the
 * supervisor's own messages. `ended` resolves with 'stopped' after stop(), or with 'gave up'
 * when the server died `maxDeaths` times within `windowMs`.
 */
export function supervise(label, command, args, options = {}) {
  const { cwd, env = {}, output = { stdout: process.stdout, stderr: process.stderr } } = options;
  const log = options.log ?? ((message) => console.error(message));
  const settings = { ...DEFAULTS, ...options };
  const lastLines = [];
  const deaths = [];
  let child = null;
  let startedAt = 0;
  let starts = 0;
  let restartTimer = null;
  let stopping = false;
  let finish;
  const ended = new Promise((resolve) => (finish = resolve));

  const health = settings.health ? { ...HEALTH_DEFAULTS, ...settings.health } : null;
  let healthTimer = null;

  /** Asks the running server for its health until it dies; kills it when it stops answering. */
  const watchHealth = (current) => {
    let answeredOnce = false;
    let failuresInARow = 0;
    const ask = async () => {
      healthTimer = null;
      if (child !== current || stopping) return;
      try {
        const answer = await fetch(health.url, { signal: AbortSignal.timeout(health.timeoutMs) });
        await answer.body?.cancel();
        answeredOnce = true;
        failuresInARow = 0;
      } catch {
        if (answeredOnce) failuresInARow += 1;
      }
      if (child !== current || stopping) return;
      if (failuresInARow >= health.failures) {
        log(`[${label}] gave no answer at ${health.url} ${failuresInARow} times in a row (${seconds(health.timeoutMs)} each): killing it, to start it again`);
        signal(current, 'SIGKILL');
        return;
      }
      healthTimer = setTimeout(ask, answeredOnce ? health.everyMs : Math.min(health.everyMs, 1000));
    };
    healthTimer = setTimeout(ask, Math.min(health.everyMs, 1000));
  };

  const keep = (line) => {
    lastLines.push(line);
    if (lastLines.length > settings.lastLines) lastLines.shift();
  };

  const start = () => {
    restartTimer = null;
    starts += 1;
    startedAt = Date.now();
    // In a process group of its own: stop() reaches whatever it starts, and a Ctrl+C in the
    // terminal reaches only the supervisor, which stops the servers in order instead of
    // mistaking their exits for crashes.
    const current = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child = current;
    const streamsEnded = [
      [current.stdout, output.stdout],
      [current.stderr, output.stderr],
    ].map(
      ([stream, out]) =>
        new Promise((resolve) => {
          const lines = createInterface({ input: stream, crlfDelay: Infinity });
          lines.on('line', (line) => {
            if (!line.trim()) return;
            out.write(`[${label}] ${line}\n`);
            keep(line);
          });
          lines.once('close', resolve);
        }),
    );
    let exited = false;
    const onExit = (code, signalName, error) => {
      if (exited) return;
      exited = true;
      // Its last lines are read to the end, or for a second at most if something it started still holds its output open.
      const settled = Promise.race([Promise.all(streamsEnded), new Promise((resolve) => setTimeout(resolve, 1000))]);
      void settled.then(() => died(current, code, signalName, error));
    };
    current.once('error', (error) => onExit(null, null, error));
    current.once('exit', (code, signalName) => onExit(code, signalName, null));
    if (health) watchHealth(current);
  };

  const died = (current, code, signalName, error) => {
    if (child === current) child = null;
    if (healthTimer) clearTimeout(healthTimer);
    healthTimer = null;
    if (stopping) return;
    const how = error ? `could not be started (${error.message})` : `stopped unexpectedly (${signalName ?? `exit code ${code}`})`;
    const tail = lastLines.length > 0 ? `; its last lines:\n${lastLines.map((line) => `  | ${line}`).join('\n')}` : '';
    log(`[${label}] ${how} after ${seconds(Date.now() - startedAt)}${tail}`);
    lastLines.length = 0;

    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0] <= now - settings.windowMs) deaths.shift();
    if (deaths.length >= settings.maxDeaths) {
      log(`[${label}] died ${deaths.length} times within ${seconds(settings.windowMs)}: giving up on it.`);
      stopping = true;
      finish('gave up');
      return;
    }
    const delay = Math.min(settings.firstDelayMs * 2 ** (deaths.length - 1), settings.maxDelayMs);
    const allowed = `${settings.maxDeaths} allowed within ${seconds(settings.windowMs)}`;
    log(`[${label}] starting it again in ${seconds(delay)} (death ${deaths.length} of ${allowed})`);
    restartTimer = setTimeout(start, delay);
  };

  /** Ends the server without a restart: SIGTERM, then SIGKILL after stopTimeoutMs. Resolves once it has exited. */
  const stop = async () => {
    stopping = true;
    if (restartTimer) clearTimeout(restartTimer);
    restartTimer = null;
    if (healthTimer) clearTimeout(healthTimer);
    healthTimer = null;
    const current = child;
    if (current && current.exitCode === null && current.signalCode === null) {
      const exited = new Promise((resolve) => current.once('exit', resolve));
      signal(current, 'SIGTERM');
      const timer = setTimeout(() => signal(current, 'SIGKILL'), settings.stopTimeoutMs);
      await exited;
      clearTimeout(timer);
    }
    finish('stopped');
  };

  start();
  return {
    label,
    ended,
    stop,
    /** The running process, or null between a death and its restart. */
    get child() {
      return child;
    },
    /** How many times it was started, the first time included. */
    get starts() {
      return starts;
    },
  };
}
