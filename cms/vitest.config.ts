import { configDefaults, defineConfig } from 'vitest/config';

// Tests whose point is several cms instances on one database (SQLite is a single-server
// database) or PostgreSQL's own way of storing orders: they run only on PostgreSQL
// (npm run test:pg) and are not even listed on SQLite.
const POSTGRES_ONLY = ['tests/cluster/two-instances.test.ts', 'tests/api/orders-batched.test.ts'];

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.DATABASE_CLIENT === 'postgres' ? [] : POSTGRES_ONLY)],
    globalSetup: ['tests/helpers/compile-once.ts'],
    // Each file boots its own Strapi on its own database; two at a time fit the 2-core machine.
    pool: 'forks',
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
