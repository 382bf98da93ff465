import type { Core } from '@strapi/strapi';

// How many pixels Strapi's upload service may decode for one request, and for one client in a
// minute (src/http/image-limits.ts; the numbers are reasoned in docs/decisions/034).
export default ({ env }: Core.Config.Shared.ConfigParams) => ({
  perRequest: env.int('IMAGE_MEGAPIXELS_PER_REQUEST', 200) * 1_000_000,
  perClientMinute: env.int('IMAGE_MEGAPIXELS_PER_CLIENT_MINUTE', 500) * 1_000_000,
});
