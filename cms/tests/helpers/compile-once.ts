import { buildCms, buildWeb } from '../../../scripts/lib.mjs';

// Tests run the built app, like production; built once per run (and only when its sources
// changed), not once per file. The survival fuzz runs the panel and the site's server too, so
// the panel and the site are built here as well; the browser tests reuse both builds.
export default async function setup() {
  await buildCms();
  await buildWeb();
}
