import { appendFileSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '@strapi/strapi';

/** How often a line is written. */
const REPORT_EVERY_MS = 250;
/** The period of monitorEventLoopDelay's timer and of the CPU clock's reading (a sample is the time between two ticks). */
const RESOLUTION_MS = 10;
const TICK_MS = 20;

/** Nanoseconds this thread has run on a CPU (Linux; NaN elsewhere). */
const threadCpuNs = () => {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ')[0]);
  } catch {
    return Number.NaN;
  }
};

/**
 * Opt-in, for tests that attack the running cms (the survival fuzz): with GOS_EVENT_LOOP_REPORT
 * set to a file, the process appends to it every REPORT_EVERY_MS a JSON line
 * `{"pid","at","pauseMs","heldMs"}` (at is the epoch in ms). pauseMs is the longest time the
 * event loop went without a turn in that span (monitorEventLoopDelay); heldMs is the most CPU
 * time the main thread spent between two turns of a TICK_MS timer, the part of a pause that was
 * this process's own work and not a wait for a CPU on a busy machine. It starts once the server
 * listens, so the boot's own work is not counted. Unset, nothing runs.
 * web/server/event-loop-report.mjs does the same for the site's server.
 */
export function reportEventLoopDelay(strapi: Core.Strapi, file = process.env.GOS_EVENT_LOOP_REPORT) {
  if (!file) return;
  strapi.server.httpServer.once('listening', () => {
    const delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    delays.enable();
    let lastCpuNs = threadCpuNs();
    let heldNs = 0;
    const tick = () => {
      const cpuNs = threadCpuNs();
      heldNs = Math.max(heldNs, cpuNs - lastCpuNs);
      lastCpuNs = cpuNs;
    };
    setInterval(tick, TICK_MS).unref();
    setInterval(() => {
      tick();
      const pauseMs = Math.max(0, Math.round(delays.max / 1e6 - RESOLUTION_MS));
      const heldMs = Number.isNaN(heldNs) ? pauseMs : Math.round(heldNs / 1e6);
      delays.reset();
      heldNs = 0;
      appendFileSync(file, `${JSON.stringify({ pid: process.pid, at: Date.now(), pauseMs, heldMs })}\n`);
    }, REPORT_EVERY_MS).unref();
  });
}
