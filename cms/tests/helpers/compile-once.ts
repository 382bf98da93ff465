import path from 'node:path';
import { compileStrapi } from './strapi-module';

// Tests run the compiled app, like production; compile once per run, not once per file.
export default async function setup() {
  await compileStrapi({ appDir: path.resolve(__dirname, '../..') });
}
