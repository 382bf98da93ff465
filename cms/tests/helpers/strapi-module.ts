import { createRequire } from 'node:module';

// @strapi/strapi's ESM build imports directories (lodash/fp), which Node's ESM loader refuses;
// its CommonJS build is the one Strapi itself runs.
const require = createRequire(__filename);
export const { createStrapi, compileStrapi } = require('@strapi/strapi') as typeof import('@strapi/strapi');
