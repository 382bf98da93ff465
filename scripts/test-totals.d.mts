// Types of test-totals.mjs for the TypeScript tests that use it.
export type SystemProgram = { name: string; variable: string; fallback: string; debian: string; usedBy: string };

export const SYSTEM_PROGRAMS: SystemProgram[];

export function missingSystemPrograms(
  env?: Record<string, string | undefined>,
  exists?: (file: string) => boolean,
): (SystemProgram & { path: string })[];

export function describeMissing(missing: (SystemProgram & { path: string })[]): string;

export type VitestJsonReport = {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  numTotalTests?: number;
  testResults?: {
    name: string;
    status: string;
    message?: string;
    assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
  }[];
};

export type Totals = {
  totals: { passed: number; failed: number; skipped: number };
  failedLines: string[];
  addFailedStep(label: string, reason?: string): void;
  addVitestReport(label: string, report: VitestJsonReport, options?: { exitedWithError?: boolean; root?: string }): void;
  closingLine(): string;
  exitCode(): 0 | 1;
};

export function createTotals(): Totals;
