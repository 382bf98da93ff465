/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

const cmsUrl = process.env.CMS_URL ?? 'http://127.0.0.1:1337';

// xfwd passes the visitor's address on, so the cms rate limits per visitor and not per proxy.
const toCms: ProxyOptions = { target: cmsUrl, ws: true, xfwd: true };

// Same routing as deploy/nginx.conf: the cms is mounted under /cms with the prefix stripped
// (its panel is at /cms/admin), because /admin/* belongs to the organisers' dashboard.
const cmsProxy: Record<string, ProxyOptions> = {
  '/api': toCms,
  '/uploads': toCms,
  '/cms': { ...toCms, rewrite: (path) => path.replace(/^\/cms(?=\/|$)/, '') || '/' },
};

export default defineConfig({
  plugins: [react()],
  // @contract is cms/src/contract (the request and response schemas both apps share); its zod
  // import must resolve to this app's copy, so the bundle holds one zod.
  resolve: { tsconfigPaths: true, dedupe: ['zod'] },
  server: { port: 5173, strictPort: true, proxy: cmsProxy },
  preview: { port: 8080, strictPort: true, proxy: cmsProxy },
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    unstubGlobals: true,
  },
});
