// Node 20 has no module.enableCompileCache (Node 22 has, and serve.cjs uses it there). Without a
// cache every start compiles the ~3,700 CommonJS modules Strapi loads again. This keeps V8's code
// for them in one file between starts, the way Node 22's cache does.
//
// Only CommonJS goes through here; ES modules and anything this cannot compile are left to Node.
// So are modules that call import(): Node 20 loses the way to load what they import when V8 takes
// their code from a cache (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING at the second start).
// Each module's code is stored with a hash of its source, so an edited file is compiled afresh;
// V8 itself refuses code made by another V8 version or with other flags.
const Module = require('node:module');
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

const FILE_NAME = 'v8-code.bin';
const DYNAMIC_IMPORT = /\bimport\s*\(/;
const hashOf = (source) => crypto.createHash('sha1').update(source).digest('base64');

/** Reads the stored code: a JSON index behind a 4-byte length, then the code of each module. */
function readStore(file) {
  try {
    const bytes = fs.readFileSync(file);
    const indexLength = bytes.readUInt32LE(0);
    const index = JSON.parse(bytes.subarray(4, 4 + indexLength).toString('utf8'));
    const stored = new Map();
    let offset = 4 + indexLength;
    for (const [filename, hash, length] of index) {
      stored.set(filename, { hash, code: bytes.subarray(offset, offset + length) });
      offset += length;
    }
    return stored;
  } catch {
    return new Map();
  }
}

function writeStore(file, entries) {
  const index = entries.map(([filename, { hash, code }]) => [filename, hash, code.length]);
  const indexBytes = Buffer.from(JSON.stringify(index), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(indexBytes.length);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const scratch = `${file}.${process.pid}`;
  try {
    fs.writeFileSync(scratch, Buffer.concat([length, indexBytes, ...entries.map(([, { code }]) => code)]));
    fs.renameSync(scratch, file);
  } catch (error) {
    // A full disk leaves no half-written scratch file behind.
    fs.rmSync(scratch, { force: true });
    throw error;
  }
}

/** The require a CommonJS module gets, as Node makes it. */
function requireFor(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}

/**
 * Compiles CommonJS modules with the code stored in dir. Returns save(), to call once the app has
 * started: it stores the code of every module compiled since (with what V8 compiled lazily while
 * starting), writes only when something was new and says whether it wrote. Modules loaded after
 * that are compiled by Node as usual, and the stored code is let go.
 */
function keepCompiledCode(dir) {
  const file = path.join(dir, FILE_NAME);
  const stored = readStore(file);
  // Every module compiled here, with the stored code V8 took for it, or the script to take it from.
  const compiled = new Map();
  const compileAsNode = Module.prototype._compile;

  Module.prototype._compile = function compileWithStoredCode(content, filename, format) {
    if (format === 'module' || filename.endsWith('.mjs') || DYNAMIC_IMPORT.test(content)) {
      return compileAsNode.call(this, content, filename, format);
    }
    const hash = hashOf(content);
    const kept = stored.get(filename);
    const cachedData = kept?.hash === hash ? kept.code : undefined;
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData });
    } catch {
      // Not CommonJS after all (an ES module in a .js file): Node knows what to do with it.
      return compileAsNode.call(this, content, filename, format);
    }
    compiled.set(filename, { hash, script, code: script.cachedDataRejected === false ? cachedData : undefined });
    const wrapper = script.runInThisContext({ displayErrors: true });
    return wrapper.call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };

  return function save() {
    Module.prototype._compile = compileAsNode;
    try {
      const entries = [...compiled];
      if (entries.every(([, { code }]) => code)) return false;
      writeStore(file, entries.map(([filename, { hash, script, code }]) => [filename, { hash, code: code ?? script.createCachedData() }]));
      return true;
    } catch {
      // A read-only app folder only costs the next start its compile time.
      return false;
    } finally {
      stored.clear();
      compiled.clear();
    }
  };
}

module.exports = { keepCompiledCode };
