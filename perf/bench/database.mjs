// The bench's own database: a SQLite file in its temp dir, or a PostgreSQL database it creates
// on DATABASE_HOST:DATABASE_PORT (127.0.0.1:5432 by default) and drops at the end.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { CMS } from '../../scripts/lib.mjs';

// pg comes with the cms, which the bench runs anyway; perf keeps only measuring tools.
const { Client } = createRequire(path.join(CMS, 'package.json'))('pg');

const server = () => ({
  host: process.env.DATABASE_HOST ?? '127.0.0.1',
  port: Number(process.env.DATABASE_PORT ?? 5432),
  user: process.env.DATABASE_USERNAME ?? 'postgres',
  password: process.env.DATABASE_PASSWORD ?? '',
});

async function onServer(sql) {
  const client = new Client({ ...server(), database: 'postgres' });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates an empty database; env is what the cms needs to use it. */
export async function createDatabase(kind, workDir) {
  if (kind === 'sqlite') {
    return { kind, env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(workDir, 'bench.db') }, drop: async () => {} };
  }
  const name = `gos_bench_${randomBytes(4).toString('hex')}`;
  await onServer(`CREATE DATABASE ${name}`);
  const { host, port, user, password } = server();
  return {
    kind,
    env: {
      DATABASE_CLIENT: 'postgres',
      DATABASE_HOST: host,
      DATABASE_PORT: String(port),
      DATABASE_USERNAME: user,
      DATABASE_PASSWORD: password,
      DATABASE_NAME: name,
    },
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
