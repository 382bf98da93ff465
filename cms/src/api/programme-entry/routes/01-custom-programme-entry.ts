import type { Core } from '@strapi/strapi';

const routes: Core.RouterConfig = {
  type: 'content-api',
  routes: [
    {
      method: 'GET',
      path: '/programme',
      handler: 'api::programme-entry.programme-entry.programme',
      config: { auth: false, policies: [] },
    },
    {
      method: 'GET',
      path: '/programme/calendar.ics',
      handler: 'api::programme-entry.programme-entry.calendar',
      config: { auth: false, policies: [] },
    },
  ],
};

export default routes;
