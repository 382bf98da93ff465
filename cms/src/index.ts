import type { Core } from '@strapi/strapi';
import { ensureFirstEditor, ensureFirstOrganiser } from './bootstrap/accounts';
import { unsafeProductionSecrets } from './bootstrap/production-guard';
import { closeRegistration, grantPublicRead } from './bootstrap/public-permissions';
import { ensureOrderNumberIndex } from './bootstrap/order-number-index';
import { ensureUniqueNameIndexes } from './bootstrap/unique-names';
import { answerCachedReadsEarly } from './http/early-answers';
import { invalidateOnContentChanges } from './http/public-cache';
import { securityBuiltOnce } from './http/security-headers';
import { ensureRateLimitTable } from './http/rate-limit';
import { limitImageWork } from './http/image-limits';
import { clearAbandonedScratch } from './http/multipart-limits';
import { seedDemoContent } from './seed/seed-demo-content';

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.get('middlewares').extend('strapi::security', securityBuiltOnce);
    if (process.env.NODE_ENV === 'production') {
      const unsafe = unsafeProductionSecrets(process.env);
      if (unsafe.length > 0) {
        throw new Error(`Refusing to start in production with missing or demo values: ${unsafe.join(', ')}`);
      }
    }
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    await clearAbandonedScratch();
    limitImageWork(strapi);
    invalidateOnContentChanges(strapi);
    answerCachedReadsEarly(strapi);
    await ensureRateLimitTable(strapi);
    await ensureUniqueNameIndexes(strapi);
    await ensureOrderNumberIndex(strapi);
    await grantPublicRead(strapi);
    await closeRegistration(strapi);
    await seedDemoContent(strapi);
    await ensureFirstOrganiser(strapi);
    await ensureFirstEditor(strapi);
  },
};
