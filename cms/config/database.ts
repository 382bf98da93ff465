import path from 'node:path';
import type { Core } from '@strapi/strapi';
import { keepPreparedStatements, type SqliteConnection } from '../src/utils/sqlite-statements';

// SQLite is the embedded default; PostgreSQL is the production database. Same schema, same code.
const config = ({ env }: Core.Config.Shared.ConfigParams): Core.Config.Database => {
  const client = env('DATABASE_CLIENT', 'sqlite');
  if (client === 'postgres') {
    return {
      connection: {
        client: 'postgres',
        connection: {
          // DATABASE_URL, when set, wins over the separate fields (node-postgres parses it last).
          connectionString: env('DATABASE_URL', '') || undefined,
          host: env('DATABASE_HOST', '127.0.0.1'),
          port: env.int('DATABASE_PORT', 5432),
          database: env('DATABASE_NAME', 'game_of_slavs'),
          user: env('DATABASE_USERNAME', 'postgres'),
          password: env('DATABASE_PASSWORD', ''),
          ssl: env.bool('DATABASE_SSL', false) ? { rejectUnauthorized: true } : false,
        },
        pool: { min: env.int('DATABASE_POOL_MIN', 2), max: env.int('DATABASE_POOL_MAX', 10) },
      },
    };
  }
  return {
    connection: {
      client: 'sqlite',
      connection: {
        filename: path.resolve(process.cwd(), env('DATABASE_FILENAME', '.tmp/data.db')),
      },
      useNullAsDefault: true,
      pool: {
        // Write-ahead logging: a commit appends to the log instead of writing a rollback journal
        // and the database; readers no longer wait for a writer. synchronous=NORMAL syncs the log
        // at checkpoints rather than at every commit: an acknowledged commit survives the cms
        // being killed (tests/cluster/crash-safety.test.ts kills it mid-burst), and a power cut
        // may take the last commits back; PostgreSQL, the production database, syncs every commit
        // (docs/decisions/016).
        // Each connection also keeps the statements it prepared (src/utils/sqlite-statements.ts).
        afterCreate(connection: unknown, done: (error?: Error, connection?: unknown) => void) {
          try {
            const sqlite = connection as SqliteConnection & { pragma(sql: string): unknown };
            sqlite.pragma('journal_mode = WAL');
            sqlite.pragma('synchronous = NORMAL');
            keepPreparedStatements(sqlite);
            done(undefined, connection);
          } catch (error) {
            done(error as Error, connection);
          }
        },
      },
    },
  };
};

export default config;
