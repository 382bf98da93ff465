import type { Core } from '@strapi/strapi';
import { SITE_CONTENT_TYPES } from '../../../src/bootstrap/editor-role';
import { TEST_SUPER_ADMIN } from '../../helpers/strapi';
import type { Credentials } from './hostile-requests';

/**
 * What the second alphabet aims at: the model's content types with their attributes (to walk
 * every relation and to find every rich text), the entries an editor can name, and the secrets
 * planted for the leak check: every house's chat URL, two fresh access codes per house and the
 * Super Admin's e-mail, none of which an editor or an anonymous visitor may ever read.
 */

export type Attribute = { type: string; target?: string; relation?: string };
export type ContentTypeShape = { uid: string; kind: string; attributes: Record<string, Attribute> };

export type Landscape = {
  types: Record<string, ContentTypeShape>;
  /** The content types the panel's editor may edit. */
  editorTypes: readonly string[];
  /** documentIds of entries, by content type (the editor's collection types, houses, codes and users). */
  entries: Record<string, string[]>;
  productIds: number[];
  /** Chat URLs, access codes (as stored and as shown) and the Super Admin's e-mail. */
  secrets: string[];
  /** The first three characters of each planted code: filter values that would make an oracle. */
  codePrefixes: string[];
};

/** The model's content types as plain data, from a running Strapi. */
export function shapesOf(strapi: Core.Strapi): Record<string, ContentTypeShape> {
  const shapes: Record<string, ContentTypeShape> = {};
  for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
    const attributes: Record<string, Attribute> = {};
    for (const [name, attribute] of Object.entries(contentType.attributes as Record<string, Record<string, unknown>>)) {
      attributes[name] = {
        type: String(attribute.type),
        ...(typeof attribute.target === 'string' && { target: attribute.target }),
        ...(attribute.type === 'media' && { target: 'plugin::upload.file' }),
        ...(typeof attribute.relation === 'string' && { relation: attribute.relation }),
      };
    }
    shapes[uid] = { uid, kind: contentType.kind, attributes };
  }
  return shapes;
}

type Json = Record<string, unknown>;

async function json(siteUrl: string, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Json> {
  const response = await fetch(`${siteUrl}${path}`, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await response.json()) as Json;
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

/** Plants two codes per house, then reads what the fuzz aims at through the site's port. */
export async function surveyLandscape(siteUrl: string, credentials: Credentials, types: Record<string, ContentTypeShape>): Promise<Landscape> {
  const organiser = { cookie: credentials.organiser!.cookie, 'x-user-id': String(credentials.organiser!.userId) };
  const owner = { authorization: `Bearer ${credentials.panelToken}` };
  const editor = { authorization: `Bearer ${credentials.editorToken}` };

  const { houses } = (await json(siteUrl, 'GET', '/api/admin/houses', organiser)) as { houses: { id: number; chatUrl: string }[] };
  for (const house of houses) await json(siteUrl, 'POST', '/api/admin/generate-codes', organiser, { houseId: house.id, count: 2 });
  const { accessCodes } = (await json(siteUrl, 'GET', '/api/admin/access-codes', organiser)) as { accessCodes: { code: string }[] };
  const { items } = (await json(siteUrl, 'GET', '/api/admin/shop/items', organiser)) as { items: { id: number }[] };

  const entries: Record<string, string[]> = {};
  const listed = async (uid: string, headers: Record<string, string>) => {
    const { results } = (await json(siteUrl, 'GET', `/cms/content-manager/collection-types/${uid}?pageSize=100`, headers)) as { results: { documentId: string }[] };
    entries[uid] = results.map((entry) => entry.documentId);
  };
  for (const uid of SITE_CONTENT_TYPES) if (types[uid]?.kind === 'collectionType') await listed(uid, editor);
  for (const uid of ['api::house.house', 'api::access-code.access-code', 'plugin::users-permissions.user']) await listed(uid, owner);

  const codes = accessCodes.map((each) => each.code);
  return {
    types,
    editorTypes: SITE_CONTENT_TYPES,
    entries,
    productIds: items.map((item) => item.id),
    secrets: [...houses.map((house) => house.chatUrl), ...codes, ...codes.map((code) => code.replace('-', '')), TEST_SUPER_ADMIN.email],
    codePrefixes: codes.map((code) => code.slice(0, 3)),
  };
}
