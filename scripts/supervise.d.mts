// Types of supervise.mjs for the TypeScript tests that use it.
import type { ChildProcess } from 'node:child_process';

export type SupervisorOptions = {
  cwd?: string;
  env?: Record<string, string>;
  /** Where the server's output goes, each line prefixed with its label (the terminal by default). */
  output?: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream };
  /** The supervisor's own messages: deaths with their last lines, restarts, giving up (console.error by default). */
  log?: (message: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  maxDeaths?: number;
  windowMs?: number;
  lastLines?: number;
  stopTimeoutMs?: number;
  /** Kills (and so restarts) a server that stops answering at url, once it has answered once. */
  health?: { url: string; everyMs?: number; timeoutMs?: number; failures?: number } | null;
};

export type Supervised = {
  label: string;
  ended: Promise<'stopped' | 'gave up'>;
  stop(): Promise<void>;
  readonly child: ChildProcess | null;
  readonly starts: number;
};

export function supervise(label: string, command: string, args: string[], options?: SupervisorOptions): Supervised;
