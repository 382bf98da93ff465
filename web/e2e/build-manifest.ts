import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WEB } from '../../scripts/lib.mjs';
import { staticGraph as graphOf } from '../server/manifest-graph.mjs';

/** The production build that the browser tests' global setup made. */
export const DIST = path.join(WEB, 'dist');

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

/** Vite's manifest of that build: each chunk by its source, with the file it was written to. */
export const manifest: Record<string, ManifestChunk> = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8'));

/** The address the site serves a source's chunk at, as the build named it. */
export function chunkAddress(source: string) {
  const chunk = manifest[source];
  if (!chunk) throw new Error(`The build has no chunk for ${source}`);
  return `/${chunk.file}`;
}

/** A chunk (by its key) and every chunk it imports statically, added to `seen`: what the browser needs before the code runs. */
export const staticGraph = (key: string, seen = new Set<string>()) => graphOf(manifest, [key], seen);
