import { describe, expect, it } from 'vitest';
import { unsafeProductionSecrets } from './production-guard';

const strong = {
  APP_KEYS: 'a1,b2',
  API_TOKEN_SALT: 'x',
  ADMIN_JWT_SECRET: 'x',
  TRANSFER_TOKEN_SALT: 'x',
  JWT_SECRET: 'x',
  ENCRYPTION_KEY: 'x',
  SESSION_SECRET: 'x',
  ORGANISER_PASSWORD: 'a long and private passphrase',
};

describe('production guard', () => {
  it('accepts generated secrets', () => {
    expect(unsafeProductionSecrets(strong)).toEqual([]);
  });

  it('names missing secrets and documented demo values', () => {
    expect(
      unsafeProductionSecrets({ ...strong, JWT_SECRET: undefined, APP_KEYS: 'toBeModified1,toBeModified2', ORGANISER_PASSWORD: 'festival-demo' }),
    ).toEqual(['APP_KEYS', 'JWT_SECRET', 'ORGANISER_PASSWORD']);
  });

  it("refuses the demo panel passwords, and lets the panel's Super Admin be left out", () => {
    expect(unsafeProductionSecrets({ ...strong, CMS_ADMIN_PASSWORD: 'Festival-Demo-2025', CMS_SUPERADMIN_PASSWORD: 'Technik-Demo-2025' })).toEqual([
      'CMS_ADMIN_PASSWORD',
      'CMS_SUPERADMIN_PASSWORD',
    ]);
    expect(unsafeProductionSecrets({ ...strong, CMS_SUPERADMIN_PASSWORD: undefined })).toEqual([]);
    expect(unsafeProductionSecrets({ ...strong, CMS_SUPERADMIN_PASSWORD: 'ein-langes-privates-Passwort-7' })).toEqual([]);
  });
});
