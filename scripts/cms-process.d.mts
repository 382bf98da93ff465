// Types of the helpers in cms-process.mjs for the TypeScript tests that use them.
import type { ChildProcess } from 'node:child_process';

export type CmsProcess = {
  url: string;
  port: number;
  child: ChildProcess;
  startupMs: number;
  stop(): Promise<void>;
  kill(): Promise<void>;
};
export function freePort(): Promise<number>;
export function stopProcess(child: ChildProcess, signal?: NodeJS.Signals): Promise<void>;
export function spawnLogged(
  command: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; logFile?: string },
): ChildProcess;
export function startBuiltCms(options?: {
  env?: Record<string, string>;
  port?: number;
  logFile?: string;
  timeoutMs?: number;
  nodeArgs?: string[];
}): Promise<CmsProcess>;
