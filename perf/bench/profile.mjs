// Summarises a V8 CPU profile (node --cpu-prof): the functions that spent the most time themselves.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../../scripts/lib.mjs';

/** The top functions by self time, grouped by name and source location. */
export function topSelfTime(file, limit = 25) {
  const { nodes, samples, timeDeltas } = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const selfMicros = new Map();
  samples.forEach((id, i) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (timeDeltas[i] ?? 0)));

  const totals = new Map();
  let all = 0;
  for (const [id, micros] of selfMicros) {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    const where = url ? `${path.relative(ROOT, url.replace(/^file:\/\//, ''))}:${lineNumber + 1}` : '';
    const key = `${functionName || '(anonymous)'} ${where}`.trim();
    totals.set(key, (totals.get(key) ?? 0) + micros);
    all += micros;
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([name, micros]) => ({ name, ms: micros / 1000, share: micros / all }));
}
