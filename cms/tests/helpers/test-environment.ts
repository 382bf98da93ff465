import path from 'node:path';
import { freshSecrets } from '../../../scripts/ensure-env.mjs';
import type { TestDatabase } from './test-database';

export const TEST_ORGANISER = { username: 'test-orga', password: 'test-orga-password' };
/** The panel's seeded editor (role "Redaktion") and its Super Admin. */
export const TEST_PANEL_EDITOR = { email: 'editor@test.invalid', password: 'Editor-Test-1' };
export const TEST_SUPER_ADMIN = { email: 'owner@test.invalid', password: 'Owner-Test-1' };

/** What a test cms runs with: its database and folder, fresh secrets and the test accounts. */
export function testEnvironment(database: TestDatabase, workDir: string): Record<string, string> {
  return {
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    ...freshSecrets(),
    STRAPI_TELEMETRY_DISABLED: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SERVE_ADMIN_PANEL: 'false',
    PUBLIC_DIR: path.join(workDir, 'public'),
    ORGANISER_USERNAME: TEST_ORGANISER.username,
    ORGANISER_PASSWORD: TEST_ORGANISER.password,
    CMS_ADMIN_EMAIL: TEST_PANEL_EDITOR.email,
    CMS_ADMIN_PASSWORD: TEST_PANEL_EDITOR.password,
    CMS_SUPERADMIN_EMAIL: TEST_SUPER_ADMIN.email,
    CMS_SUPERADMIN_PASSWORD: TEST_SUPER_ADMIN.password,
    ...database.env,
  };
}
