// `npm start` in cms/: the built cms, started the way `strapi start` starts it, without loading
// Strapi's command line first. The CLI registers every command (build, develop, transfer…) and
// with them some 500 modules that serving never uses: half a second of each cold start.
// CommonJS: Strapi's ES build imports lodash/fp as a folder, which Node's ES loader refuses.
const path = require('node:path');
const { createStrapi } = require('@strapi/strapi');

const appDir = path.resolve(__dirname, '..');
// config/database.ts and Strapi's upload folder resolve from the working folder.
process.chdir(appDir);
createStrapi({ appDir, distDir: path.join(appDir, 'dist') }).start();
