// `npm start` in cms/: the built cms, started the way `strapi start` starts it, without loading
// Strapi's command line first. The CLI registers every command (build, develop, transfer…) and
// with them some 500 modules that serving never uses: half a second of each cold start.
// CommonJS: Strapi's ES build imports lodash/fp as a folder, which Node's ES loader refuses.
const path = require('node:path');
const { enableCompileCache } = require('node:module');

const appDir = path.resolve(__dirname, '..');
// The code V8 compiled for every module is kept between starts, so a restart skips compiling the
// 3,700 modules a start loads again. Node 22 (production's image) has that cache built in (on
// PostgreSQL here 5.9 s → 5.3 s, median of five alternating pairs); on Node 20 code-cache.cjs
// does it for CommonJS (decision 026). The folder is in the app's own tree, which the image's
// user owns (cms/Dockerfile).
const cacheDir = path.join(appDir, '.cache', 'compile');
const saveCompiledCode = enableCompileCache
  ? (enableCompileCache(cacheDir), () => {})
  : require('./code-cache.cjs').keepCompiledCode(cacheDir);

const { createStrapi } = require('@strapi/strapi');
// config/database.ts and Strapi's upload folder resolve from the working folder.
process.chdir(appDir);
createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).start().then(saveCompiledCode);
