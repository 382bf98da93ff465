export const DEMO_ACCOUNTS: {
  ORGANISER_USERNAME: string;
  ORGANISER_PASSWORD: string;
  CMS_ADMIN_EMAIL: string;
  CMS_ADMIN_PASSWORD: string;
  CMS_SUPERADMIN_EMAIL: string;
  CMS_SUPERADMIN_PASSWORD: string;
};
export function ensureEnv(envFile: string): boolean;
export function freshSecrets(): Record<string, string>;
