// A second build of the same sources with other file hashes (a comment atop every chunk), as a
// deploy of a new version would bring: e2e/offline.e2e.test.ts deploys it after the first.
import { defineConfig, mergeConfig, type ConfigEnv } from 'vite';
import siteConfig from '../vite.config';

export default defineConfig((env: ConfigEnv) =>
  mergeConfig(siteConfig(env), { build: { rolldownOptions: { output: { banner: '/* the next version */' } } } }),
);
