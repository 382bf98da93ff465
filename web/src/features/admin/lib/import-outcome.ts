import type { ImportOutcome, ImportResults } from '@contract/users';

export type ImportOutcomeKind = 'failed' | 'partly-failed' | 'unchanged' | 'applied';

/** How an import went as a whole: the colour of its summary and toast follows what happened, not SPEC's title. */
export function importOutcome({ success, failed, rows }: ImportResults): { kind: ImportOutcomeKind; color: 'red' | 'yellow' | 'green' | 'gray' } {
  if (failed > 0 && success === 0) return { kind: 'failed', color: 'red' };
  if (failed > 0) return { kind: 'partly-failed', color: 'yellow' };
  if (rows.every((row) => row.outcome === 'unchanged')) return { kind: 'unchanged', color: 'gray' };
  return { kind: 'applied', color: 'green' };
}

const WORDS: Record<ImportOutcome, string> = { created: 'created', updated: 'updated', unchanged: 'unchanged', failed: 'failed' };

const users = (count: number) => (count === 1 ? '1 user' : `${count} users`);

/** "1 user created, 2 users failed. …": only what happened, then what to do about it. */
export function importSummary(results: ImportResults): string {
  const count = (outcome: ImportOutcome) => results.rows.filter((row) => row.outcome === outcome).length;
  const parts = (['created', 'updated', 'unchanged', 'failed'] as const).filter((outcome) => count(outcome) > 0).map((outcome) => `${users(count(outcome))} ${WORDS[outcome]}`);
  const happened = `${parts.join(', ')}.`;
  switch (importOutcome(results).kind) {
    case 'failed':
      return `Nothing was imported: ${happened} Each failed row names every problem below; fix them in the file and import it again.`;
    case 'partly-failed':
      return `${happened} The failed rows are listed first, each with every problem; fix them and import the file again (the others stay as they are now).`;
    case 'unchanged':
      return `Nothing changed: ${happened}`;
    default:
      return happened;
  }
}
