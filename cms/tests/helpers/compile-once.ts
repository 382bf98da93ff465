import type { TestProject } from 'vitest/node';
import { buildCms, buildWeb } from '../../../scripts/lib.mjs';
import { createSeededTemplate } from './seeded-template';

// Tests run the built app, like production; built once per run (and only when its sources
// changed), not once per file. The survival fuzz runs the panel and the site's server too, so
// the panel and the site are built here as well; the browser tests reuse both builds. The demo
// seed of a first start is made once here too, and each test file starts on a copy of it.
export default async function setup(project: TestProject) {
  await buildCms();
  await buildWeb();
  const seeded = await createSeededTemplate();
  project.provide('seededTemplate', seeded.template);
  return seeded.remove;
}
