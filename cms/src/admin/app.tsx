import type { StrapiApp } from '@strapi/strapi/admin';

export default {
  config: {
    locales: ['de'],
    tutorials: false,
    notifications: { releases: false },
  },
  bootstrap(_app: StrapiApp) {},
};
