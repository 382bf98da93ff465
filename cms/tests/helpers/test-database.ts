import { randomBytes } from 'node:crypto';
import { copyFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

export type TestDatabase = { client: 'sqlite' | 'postgres'; env: Record<string, string>; drop(): Promise<void> };

/** A seeded database and its uploads, copied for each test file (see seeded-template.ts). */
export type SeededTemplate =
  | { client: 'sqlite'; uploadsDir: string; databaseFile: string }
  | { client: 'postgres'; uploadsDir: string; databaseName: string };

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

/**
 * A database of its own for one test file: a fresh SQLite file, or a new PostgreSQL database;
 * a copy of the template's when one is given.
 */
export async function createTestDatabase(dir: string, template?: SeededTemplate): Promise<TestDatabase> {
  if (process.env.DATABASE_CLIENT === 'postgres') {
    const name = `gos_test_${process.pid}_${randomBytes(4).toString('hex')}`;
    await onAdminConnection(template?.client === 'postgres' ? `CREATE DATABASE ${name} TEMPLATE ${template.databaseName}` : `CREATE DATABASE ${name}`);
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
  const file = path.join(dir, 'test.db');
  if (template?.client === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(template.databaseFile + suffix)) await copyFile(template.databaseFile + suffix, file + suffix);
    }
  }
  return { client: 'sqlite', env: { DATABASE_CLIENT: 'sqlite', DATABASE_FILENAME: file }, drop: async () => {} };
}

/** The uploads the template's seed stored, for a database copied from it. */
export const copySeededUploads = (template: SeededTemplate, uploadsDir: string) => cp(template.uploadsDir, uploadsDir, { recursive: true });

export const makeTempDir = () => mkdtemp(path.join(os.tmpdir(), 'gos-cms-test-'));
export const removeDir = (dir: string) => rm(dir, { recursive: true, force: true });
