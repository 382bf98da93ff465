import type { Core } from '@strapi/strapi';

// Visitor content is readable without login; everything else stays closed to the public role.
export const PUBLIC_READ_TYPES = [
  'festival',
  'agenda-image',
  'performer',
  'faq-item',
  'accommodation-photo',
  'imprint',
  'privacy-policy',
  'place',
  'programme-entry',
] as const;

const SINGLE_TYPES = new Set(['festival', 'imprint', 'privacy-policy']);

export const publicReadActions = () =>
  PUBLIC_READ_TYPES.flatMap((name) =>
    SINGLE_TYPES.has(name) ? [`api::${name}.${name}.find`] : [`api::${name}.${name}.find`, `api::${name}.${name}.findOne`],
  );

export async function grantPublicRead(strapi: Core.Strapi) {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!role) throw new Error('The users-permissions public role is missing');

  const permissions = strapi.db.query('plugin::users-permissions.permission');
  for (const action of publicReadActions()) {
    const granted = await permissions.findOne({ where: { action, role: role.id } });
    if (!granted) await permissions.create({ data: { action, role: role.id } });
  }
}

// Accounts are created by organisers, never by self-registration.
export async function closeRegistration(strapi: Core.Strapi) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions', key: 'advanced' });
  const advanced = ((await store.get({})) ?? {}) as Record<string, unknown>;
  if (advanced.allow_register !== false) await store.set({ value: { ...advanced, allow_register: false } });
}
