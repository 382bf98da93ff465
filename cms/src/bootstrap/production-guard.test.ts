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
});
