import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export type Figures = Record<string, number>;

/** Where every security file leaves its figures, one JSON file per file and database. */
export const FIGURES_DIR = path.join(os.tmpdir(), 'gos-security-figures');

/** How many generated cases a property tries: the default in CI, SECURITY_RUNS=10000 for a long run. */
export const securityRuns = (ciDefault: number) => {
  const runs = Number(process.env.SECURITY_RUNS);
  return Number.isInteger(runs) && runs > 0 ? runs : ciDefault;
};

/**
 * Prints one summary line for the file and writes its figures to the OS temp dir, so a run's
 * numbers (requests tried, refused, 5xx seen, oversold units) can be quoted without reading logs.
 */
export function reportFigures(file: string, database: string, figures: Record<string, Figures>) {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const target = path.join(FIGURES_DIR, `${file}.${database}.json`);
  writeFileSync(target, `${JSON.stringify({ file, database, at: new Date().toISOString(), figures }, null, 2)}\n`);
  const summary = Object.entries(figures)
    .map(([name, values]) => `${name} ${Object.entries(values).map(([key, value]) => `${key}=${value}`).join(' ')}`)
    .join(' | ');
  console.log(`[security] ${file} (${database}): ${summary} -> ${target}`);
}
