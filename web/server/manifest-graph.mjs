/**
 * The given chunks of Vite's manifest (by their keys) and every chunk they import statically, by
 * key, added to `seen`: what the browser loads with them before their code runs.
 */
export function staticGraph(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticGraph(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}
