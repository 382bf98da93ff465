import type { Core } from '@strapi/strapi';

type Registry = Record<'getAll' | 'set' | 'add' | 'extend', (...args: unknown[]) => unknown>;

/**
 * `strapi.contentTypes` builds a new map through lodash/fp's pickBy on every read, about 3 ms
 * here, and Strapi's permission engine reads it once per permission of a panel user on every
 * request (i18n's willRegisterPermission): 140 ms of the event loop per request of the editor,
 * whose role has a permission per field (the survival fuzz's event-loop watch). The lists are
 * kept until a content type is registered or extended again.
 */
export function keepContentTypeLists(strapi: Core.Strapi) {
  const registry = strapi.get('content-types') as Registry;
  const getAll = registry.getAll.bind(registry);
  const kept = new Map<unknown, unknown>();
  registry.getAll = (namespace?: unknown) => {
    if (!kept.has(namespace)) kept.set(namespace, getAll(namespace));
    return kept.get(namespace);
  };
  for (const change of ['set', 'add', 'extend'] as const) {
    const original = registry[change].bind(registry);
    registry[change] = (...args: unknown[]) => {
      kept.clear();
      return original(...args);
    };
  }
}
