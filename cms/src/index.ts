import type { Core } from '@strapi/strapi';
import { ensureFirstOrganiser } from './bootstrap/accounts';
import { enforceDataRules } from './bootstrap/data-rules';
import { enforceProgrammeRules } from './bootstrap/programme-rules';
import { enforceOrderRules } from './bootstrap/order-rules';
import { configureContentManager } from './bootstrap/content-manager-texts';
import { ensurePanelAccess } from './bootstrap/panel-access';
import { unsafeProductionSecrets } from './bootstrap/production-guard';
import { closeRegistration, grantPublicRead } from './bootstrap/public-permissions';
import { ensureOrderNumberIndex } from './bootstrap/order-number-index';
import { ensurePlaceOrderFunction } from './api/order/services/place-order-postgres';
import { forgetKeptOnWrites } from './api/order/services/kept-for-orders';
import { ensureVerifyCodeFunction } from './api/access-code/services/verify-code-postgres';
import { ensureUniqueNameIndexes } from './bootstrap/unique-names';
import { answerCachedReadsEarly } from './http/early-answers';
import { invalidateOnContentChanges } from './http/public-cache';
import { securityBuiltOnce } from './http/security-headers';
import { buildBodyParserOnce } from './http/body-parser-once';
import { ensureRateLimitTable } from './http/rate-limit';
import { endSessionsOnAccountChanges, ensureSessionTable } from './http/session';
import { limitImageWork } from './http/image-limits';
import { clearAbandonedScratch } from './http/multipart-limits';
import { settleMultipartParserErrors } from './http/multipart-parser';
import { answerWithin } from './http/answer-deadline';
import { quietDroppedConnections } from './http/dropped-connections';
import { answerParserRefusals } from './http/parser-refusals';
import { hashPasswordsOffThread } from './http/bcrypt-off-thread';
import { keepContentTypeLists } from './bootstrap/content-type-lists';
import { seedDemoContent, seedDemoProgramme } from './seed/seed-demo-content';
import { keepPerformerHousesBeforeSync, upgradeContent } from './seed/upgrade-content';
import { guardPanelDoors } from './http/panel-doors';
import { hideCmsOwnFieldsFromThePanel } from './http/panel-hidden-fields';
import { answerUploadsInGerman } from './http/panel-upload-texts';
import { answerAiFeaturesOff } from './http/panel-ai-off';

/**
 * Idle connections are kept 65 s instead of Node's 5 s: the site's server and nginx keep theirs
 * to the cms open for reuse, and one reused just as the cms closes it fails with a reset.
 */
function keepConnectionsLikeTheProxies(strapi: Core.Strapi) {
  strapi.server.httpServer.keepAliveTimeout = 65_000;
  strapi.server.httpServer.headersTimeout = 66_000;
}

export default {
  register({ strapi }: { strapi: Core.Strapi }) {
    strapi.get('middlewares').extend('strapi::security', securityBuiltOnce);
    buildBodyParserOnce();
    hashPasswordsOffThread();
    keepContentTypeLists(strapi);
    settleMultipartParserErrors();
    keepPerformerHousesBeforeSync(strapi);
    guardPanelDoors(strapi);
    hideCmsOwnFieldsFromThePanel(strapi);
    answerUploadsInGerman(strapi);
    answerAiFeaturesOff(strapi);
    if (process.env.NODE_ENV === 'production') {
      const unsafe = unsafeProductionSecrets(process.env);
      if (unsafe.length > 0) {
        throw new Error(`Refusing to start in production with missing or demo values: ${unsafe.join(', ')}`);
      }
    }
  },

  async bootstrap({ strapi }: { strapi: Core.Strapi }) {
    keepConnectionsLikeTheProxies(strapi);
    answerWithin(strapi.server.httpServer);
    answerParserRefusals(strapi.server.httpServer);
    quietDroppedConnections(strapi);
    await clearAbandonedScratch();
    limitImageWork(strapi);
    // Before anything writes, the seed included.
    enforceDataRules(strapi);
    enforceProgrammeRules(strapi);
    enforceOrderRules(strapi);
    invalidateOnContentChanges(strapi);
    forgetKeptOnWrites(strapi);
    answerCachedReadsEarly(strapi);
    await ensureRateLimitTable(strapi);
    await ensureSessionTable(strapi);
    endSessionsOnAccountChanges(strapi);
    await ensureUniqueNameIndexes(strapi);
    await ensureOrderNumberIndex(strapi);
    await ensurePlaceOrderFunction(strapi);
    await ensureVerifyCodeFunction(strapi);
    await grantPublicRead(strapi);
    await closeRegistration(strapi);
    await seedDemoContent(strapi);
    await upgradeContent(strapi);
    await seedDemoProgramme(strapi);
    await ensureFirstOrganiser(strapi);
    await ensurePanelAccess(strapi);
    await configureContentManager(strapi);
  },
};
