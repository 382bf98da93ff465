import { readFile } from 'node:fs/promises';

/**
 * The servers' event loop, watched while the fuzz runs. Preloaded with GOS_EVENT_LOOP_REPORT=<file>
 * (support/event-loop-report.mjs), each server appends
 * a line every REPORT_EVERY_MS with the longest pause of its loop in that span (pauseMs, wall
 * time) and the most CPU time its main thread spent between two turns of the loop (heldMs): on
 * a machine shared by many processes, a loop also pauses while the process waits for a CPU,
 * which heldMs leaves out. A hold is told with the requests that were on their way while it
 * lasted, so that a failure names what was sent.
 */

/** The servers' reporting period (both write a line this often). */
export const REPORT_EVERY_MS = 250;

export type LoopReport = { pid: number; at: number; pauseMs: number; heldMs: number; gcMs: number };

/** The report lines a server wrote after `after` (epoch ms); none while the file does not exist yet. */
export async function reportsAfter(file: string, after: number): Promise<LoopReport[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const reports: LoopReport[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const report = JSON.parse(line) as LoopReport;
      if (report.at > after) reports.push(report);
    } catch {
      // a line being written as it was read: the next reading has it whole
    }
  }
  return reports;
}

/** One request as the fuzz sent it: when it left and when its answer (or its end) came. */
export type Sent = { label: string; startedAt: number; endedAt: number };

/**
 * The requests that overlapped a pause reported at `at`: the pause ended in the span of
 * REPORT_EVERY_MS before `at`, so it began no earlier than that span's start minus its length.
 */
export function inFlightDuring(sent: readonly Sent[], { at, pauseMs, heldMs }: LoopReport): Sent[] {
  const earliest = at - REPORT_EVERY_MS - Math.max(pauseMs, heldMs);
  return sent.filter((request) => request.startedAt <= at && request.endedAt >= earliest).sort((a, b) => a.startedAt - b.startedAt);
}

export const clock = (at: number) => new Date(at).toISOString().slice(11, 23);
