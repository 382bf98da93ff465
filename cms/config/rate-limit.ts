import type { Core } from '@strapi/strapi';

// Failed sign-ins and code checks allowed per client and window (DECISIONS §4).
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  maxFailures: env.int('RATE_LIMIT_MAX_FAILURES', 10),
  windowSeconds: env.int('RATE_LIMIT_WINDOW_SECONDS', 300),
});
