// After `vite build`: writes a gzip and a brotli copy beside each text file of dist, at the
// highest levels, once per build, so the site's server (sirv, server/site-server.mjs) sends
// them as they are instead of compressing on every request. node:zlib only.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const DIST = path.resolve(import.meta.dirname, '..', 'dist');
const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.html', '.webmanifest']);
// Below this a compressed copy saves less than its headers cost (nginx's gzip_min_length is 20).
const MIN_BYTES = 256;

const gzipped = promisify(gzip);
const brotlied = promisify(brotliCompress);

/** The files of dist worth compressing; not .vite/ (build metadata, never served). */
async function compressible() {
  const entries = await readdir(DIST, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(DIST, file).split(path.sep).some((part) => part.startsWith('.')));
}

let written = 0;
for (const file of await compressible()) {
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  const [gz, br] = await Promise.all([
    gzipped(body, { level: 9 }),
    brotlied(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  ]);
  // A copy that is not smaller would only cost the client time to decode.
  if (gz.length < body.length) await writeFile(`${file}.gz`, gz);
  if (br.length < body.length) await writeFile(`${file}.br`, br);
  written += 1;
}
console.log(`precompress: .gz and .br beside ${written} files of dist`);
