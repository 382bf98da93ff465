// Preloaded into both servers by the survival fuzz (`node --import`, through NODE_OPTIONS), so
// that neither server carries code for it. Every REPORT_EVERY_MS the process appends to the file
// named by GOS_EVENT_LOOP_REPORT a JSON line `{"pid","at","pauseMs","heldMs","gcMs"}` (at is the
// epoch in ms):
// - pauseMs, the longest time the event loop went without a turn in that span
//   (monitorEventLoopDelay);
// - heldMs, the most CPU time the main thread spent between two turns of a TICK_MS timer: the
//   part of a pause that was the process's own work, not a wait for a CPU on a busy machine;
// - gcMs, the longest garbage collection in that span.
// The test reads only the lines of its own window, so the start-up before it is not counted.
import { appendFileSync, readFileSync } from 'node:fs';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

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

const file = process.env.GOS_EVENT_LOOP_REPORT;
// Worker threads load the preload too; their work is off the loop by design (bcrypt, markdown).
if (file && isMainThread) {
  const delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delays.enable();
  let lastCpuNs = threadCpuNs();
  let heldNs = 0;
  let gcMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) gcMs = Math.max(gcMs, entry.duration);
  }).observe({ entryTypes: ['gc'] });
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
    appendFileSync(file, `${JSON.stringify({ pid: process.pid, at: Date.now(), pauseMs, heldMs, gcMs: Math.round(gcMs) })}\n`);
    delays.reset();
    heldNs = 0;
    gcMs = 0;
  }, REPORT_EVERY_MS).unref();
}
