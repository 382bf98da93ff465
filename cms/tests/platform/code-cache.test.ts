import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';

// scripts/code-cache.cjs is what `npm start` uses on Node 20 to keep compiled code between starts.
// Each start here is a real node process, as serve.cjs runs it.
const CODE_CACHE = path.resolve(__dirname, '../../scripts/code-cache.cjs');

let dir: string;
let cacheDir: string;

function start(entry: string): { answer: unknown; written: boolean } {
  const program = `
    const save = require(${JSON.stringify(CODE_CACHE)}).keepCompiledCode(${JSON.stringify(cacheDir)});
    Promise.resolve(require(${JSON.stringify(path.join(dir, entry))}).answer()).then((answer) => {
      process.stdout.write(JSON.stringify({ answer, written: save() }));
    });`;
  return JSON.parse(execFileSync(process.execPath, ['-e', program], { encoding: 'utf8' }));
}

const storedBytes = () => readFileSync(path.join(cacheDir, 'v8-code.bin'));

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'code-cache-'));
  cacheDir = path.join(dir, '.cache');
  writeFileSync(path.join(dir, 'helper.js'), 'exports.twice = (n) => n * 2;\n');
  writeFileSync(path.join(dir, 'main.js'), "const { twice } = require('./helper');\nexports.answer = () => twice(21);\n");
});

describe('the code cache of the cms start on Node 20', () => {
  it('stores compiled modules at the first start and reuses them, unchanged, at the next', () => {
    expect(start('main.js')).toEqual({ answer: 42, written: true });
    const first = storedBytes();
    expect(first.length).toBeGreaterThan(0);

    expect(start('main.js')).toEqual({ answer: 42, written: false });
    expect(storedBytes().equals(first)).toBe(true);
  });

  it('compiles an edited module afresh, even when its size stays the same', () => {
    start('main.js');
    writeFileSync(path.join(dir, 'helper.js'), 'exports.twice = (n) => n * 3;\n');

    expect(start('main.js')).toEqual({ answer: 63, written: true });
    expect(start('main.js')).toEqual({ answer: 63, written: false });
  });

  it('gives modules the require, module, __filename and __dirname Node gives them', () => {
    writeFileSync(
      path.join(dir, 'main.js'),
      `exports.answer = () => ({
        file: __filename === ${JSON.stringify(path.join(dir, 'main.js'))},
        folder: __dirname === ${JSON.stringify(dir)},
        resolved: require.resolve('./helper') === ${JSON.stringify(path.join(dir, 'helper.js'))},
        cached: require.cache[__filename] === module,
        exportsThis: this === module.exports,
      });`,
    );
    const everything = { file: true, folder: true, resolved: true, cached: true, exportsThis: true };
    expect(start('main.js').answer).toEqual(everything);
    expect(start('main.js').answer).toEqual(everything);
  });

  it('leaves ES modules, and modules that import them, to Node at every start', () => {
    writeFileSync(path.join(dir, 'esm.mjs'), 'export const word = "Met";\n');
    writeFileSync(path.join(dir, 'detected.js'), 'export const word = "Honig";\n');
    writeFileSync(
      path.join(dir, 'importer.js'),
      "exports.esm = async () => (await import('./esm.mjs')).word;\nexports.detected = async () => (await import('./detected.js')).word;\n",
    );
    writeFileSync(
      path.join(dir, 'main.js'),
      "const importer = require('./importer');\nexports.answer = async () => [require('./esm.mjs').word, await importer.esm(), await importer.detected()];\n",
    );
    expect(start('main.js').answer).toEqual(['Met', 'Met', 'Honig']);
    expect(start('main.js').answer).toEqual(['Met', 'Met', 'Honig']);
  });

  it('starts from nothing when the stored file is damaged or cut short', () => {
    start('main.js');
    const file = path.join(cacheDir, 'v8-code.bin');
    writeFileSync(file, storedBytes().subarray(0, statSync(file).size / 2));
    expect(start('main.js')).toEqual({ answer: 42, written: true });

    writeFileSync(file, Buffer.from([0xff, 0xff, 0xff, 0x7f, 0x7b]));
    expect(start('main.js')).toEqual({ answer: 42, written: true });
  });

  it('starts as before when the cache cannot be written, and leaves nothing half-written', () => {
    // The cache's folder is a file: nothing can be stored under it (root ignores read-only modes).
    writeFileSync(cacheDir, 'not a folder');
    expect(start('main.js')).toEqual({ answer: 42, written: false });
    expect(readdirSync(dir).sort()).toEqual(['.cache', 'helper.js', 'main.js']);
  });
});
