import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export type TestDatabase = { client: 'sqlite' | 'postgres'; env: Record<string, string>; drop(): Promise<void> };

const adminConnection = () => ({
  host: process.env.DATABASE_HOST ?? '127.0.0.1',
  port: Number(process.env.DATABASE_PORT ?? 5432),
  user: process.env.DATABASE_USERNAME ?? 'postgres',
  password: process.env.DATABASE_PASSWORD ?? '',
  database: 'postgres',
});

async function onAdminConnection(sql: string) {
  const client = new Client(adminConnection());
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A database of its own for one test file: a fresh SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(dir: string): Promise<TestDatabase> {
  if (process.env.DATABASE_CLIENT === 'postgres') {
    const name = `gos_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onAdminConnection(`CREATE DATABASE ${name}`);
    const { host, port, user, password } = adminConnection();
    return {
      client: 'postgres',
      env: {
        DATABASE_CLIENT: 'postgres',
        DATABASE_HOST: host,
        DATABASE_PORT: String(port),
        DATABASE_USERNAME: user,
        DATABASE_PASSWORD: password,
        DATABASE_NAME: name,
        DATABASE_POOL_MIN: '0',
      },
      drop: () => onAdminConnection(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
    };
  }
  return {
    client: 'sqlite',
    env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: path.join(dir, 'test.db') },
    drop: async () => {},
  };
}

export const makeTempDir = () => mkdtemp(path.join(os.tmpdir(), 'gos-cms-test-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
