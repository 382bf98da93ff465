// Values documented in the README and .env.example: fine for a demo, fatal in production.
export const DEMO_SECRETS = ['toBeModified', 'festival-demo', 'Festival-Demo-2025', 'Technik-Demo-2025'];

const GUARDED = [
  'APP_KEYS',
  'API_TOKEN_SALT',
  'ADMIN_JWT_SECRET',
  'TRANSFER_TOKEN_SALT',
  'JWT_SECRET',
  'ENCRYPTION_KEY',
  'SESSION_SECRET',
  'ORGANISER_PASSWORD',
  'CMS_ADMIN_PASSWORD',
  'CMS_SUPERADMIN_PASSWORD',
];

// Accounts that may be left out (then none is created); when set, they must not be a demo value.
const OPTIONAL = new Set(['ORGANISER_PASSWORD', 'CMS_ADMIN_PASSWORD', 'CMS_SUPERADMIN_PASSWORD']);

/** Names of the variables that hold a missing or known demo value. */
export function unsafeProductionSecrets(env: NodeJS.ProcessEnv): string[] {
  return GUARDED.filter((name) => {
    const value = env[name];
    if (OPTIONAL.has(name)) {
      return value !== undefined && DEMO_SECRETS.some((demo) => value.includes(demo));
    }
    return !value || DEMO_SECRETS.some((demo) => value.includes(demo));
  });
}
