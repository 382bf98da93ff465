// Writes cms/.env with freshly generated secrets and the demo accounts when it is missing.
// The file is git-ignored; values already in it are kept, so data and sessions survive restarts.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEMO_ACCOUNTS = {
  ORGANISER_USERNAME: 'orga',
  ORGANISER_PASSWORD: 'festival-demo',
  // The panel's editor (role "Redaktion": the site's content and media only) and its Super Admin.
  CMS_ADMIN_EMAIL: 'redaktion@game-of-slavs.example',
  CMS_ADMIN_PASSWORD: 'Festival-Demo-2025',
  CMS_SUPERADMIN_EMAIL: 'technik@game-of-slavs.example',
  CMS_SUPERADMIN_PASSWORD: 'Technik-Demo-2025',
};

const secret = () => randomBytes(24).toString('base64');

/** A new set of every secret the cms needs. */
export const freshSecrets = () => ({
  APP_KEYS: [secret(), secret(), secret(), secret()].join(','),
  API_TOKEN_SALT: secret(),
  ADMIN_JWT_SECRET: secret(),
  TRANSFER_TOKEN_SALT: secret(),
  JWT_SECRET: secret(),
  ENCRYPTION_KEY: secret(),
  SESSION_SECRET: secret(),
});

export function ensureEnv(envFile) {
  const existing = existsSync(envFile) ? readFileSync(envFile, 'utf8') : '';
  const present = new Set(existing.split('\n').map((line) => line.split('=')[0].trim()));
  const wanted = {
    HOST: '0.0.0.0',
    PORT: '1337',
    ...freshSecrets(),
    DATABASE_CLIENT: 'sqlite',
    DATABASE_FILENAME: '.tmp/data.db',
    STRAPI_TELEMETRY_DISABLED: 'true',
    ...DEMO_ACCOUNTS,
  };
  const missing = Object.entries(wanted).filter(([key]) => !present.has(key));
  if (missing.length === 0) return false;
  const lines = missing.map(([key, value]) => `${key}=${value}`).join('\n');
  writeFileSync(envFile, `${existing}${existing && !existing.endsWith('\n') ? '\n' : ''}${lines}\n`, { mode: 0o600 });
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const envFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'cms', '.env');
  console.log(ensureEnv(envFile) ? `Wrote ${envFile}` : `${envFile} is complete`);
}
