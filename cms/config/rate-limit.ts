import type { Core } from '@strapi/strapi';

// Failed sign-ins and code checks allowed per client and window (DECISIONS §4); a client is an
// IPv4 address or an IPv6 /64 (src/http/rate-limit.ts, docs/decisions/033).
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  maxFailures: env.int('RATE_LIMIT_MAX_FAILURES', 10),
  // Failed sign-ins of one account per window, from all clients together, after which only a
  // device that signed in to it before may try (docs/decisions/033).
  accountCeiling: env.int('RATE_LIMIT_ACCOUNT_CEILING', 30),
  // Failed sign-ins per window of one such device.
  deviceMaxFailures: env.int('RATE_LIMIT_DEVICE_MAX_FAILURES', 5),
  windowSeconds: env.int('RATE_LIMIT_WINDOW_SECONDS', 300),
});
