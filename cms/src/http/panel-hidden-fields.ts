import type { Core } from '@strapi/strapi';
import type { Context, Next } from 'koa';
import { addMiddleware } from './panel-doors';

// Attributes only the cms itself writes (private and not configurable: an order's token hash and
// history, a user's reset and confirmation tokens) are neither shown nor taken by the panel's
// content manager, for the Super Admin too: Strapi's own panel answers carry private fields, and
// would save a value typed into them (docs/decisions/043).

type Attribute = { type: string; private?: boolean; configurable?: boolean };

/**
 * Whether the panel leaves an attribute alone: private and not configurable data. Not a password
 * (the panel sets it and never shows it), nor a relation (Strapi's own createdBy and updatedBy are
 * private and not configurable too, and the panel names who saved an entry).
 */
export const hiddenFromThePanel = (attribute: Attribute) =>
  attribute.private === true && attribute.configurable === false && attribute.type !== 'password' && attribute.type !== 'relation';

function hiddenFieldsOf(strapi: Core.Strapi, uid: string): string[] {
  const schema = (strapi.contentTypes as unknown as Record<string, { attributes: Record<string, Attribute> } | undefined>)[uid];
  return Object.entries(schema?.attributes ?? {})
    .filter(([, attribute]) => hiddenFromThePanel(attribute))
    .map(([name]) => name);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

function withoutFields(entry: unknown, fields: string[]) {
  if (!isPlainObject(entry)) return;
  for (const field of fields) delete entry[field];
}

/** The content manager's entry routes name their type in :model; a write's body is the entry, an answer holds it in data or results. */
const hideFields = (strapi: Core.Strapi) => async (ctx: Context, next: Next) => {
  const model = (ctx.params as Record<string, string> | undefined)?.model;
  const fields = model && /^\/content-manager\/(collection-types|single-types)\//.test(ctx.path) ? hiddenFieldsOf(strapi, model) : [];
  if (fields.length === 0) return next();
  withoutFields((ctx.request as { body?: unknown }).body, fields);
  await next();
  const body = ctx.body as { data?: unknown; results?: unknown } | undefined;
  if (!isPlainObject(body)) return;
  withoutFields(body.data, fields);
  if (Array.isArray(body.results)) for (const entry of body.results) withoutFields(entry, fields);
};

/** In register(), beside the panel's other doors. */
export function hideCmsOwnFieldsFromThePanel(strapi: Core.Strapi) {
  addMiddleware(strapi.plugin('content-manager').routes as unknown as Parameters<typeof addMiddleware>[0], hideFields(strapi));
}
