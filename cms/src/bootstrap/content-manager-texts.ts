import type { Core, UID } from '@strapi/strapi';
import { hiddenFromThePanel } from '../http/panel-hidden-fields';
import { COMPONENT_TEXTS, ORGANISER_TYPE_TEXTS, SITE_TYPE_TEXTS, TIMESTAMP_TEXTS, type TypeTexts } from '../panel/field-labels';

type Metadata = { edit?: Record<string, unknown>; list?: Record<string, unknown> };
type LayoutField = { name: string; size: number };
type Configuration = {
  settings: Record<string, unknown>;
  metadatas: Record<string, Metadata>;
  layouts: { list: string[]; edit: LayoutField[][] };
};
type Attribute = { type: string; customField?: string; private?: boolean; configurable?: boolean };

const ROW = 12;

/** The edit form's rows: fields in the order written, each at Strapi's default width, wrapped at 12 columns. */
function editRows(strapi: Core.Strapi, attributes: Record<string, Attribute>, names: string[]): LayoutField[][] {
  const sizes = strapi.plugin('content-manager').service('field-sizes');
  const rows: LayoutField[][] = [];
  let row: LayoutField[] = [];
  for (const name of names) {
    const { customField, type } = attributes[name];
    const size: number = sizes.getFieldSize(customField && sizes.hasFieldSize(customField) ? customField : type).default;
    if (row.reduce((sum, field) => sum + field.size, 0) + size > ROW) {
      rows.push(row);
      row = [];
    }
    row.push({ name, size });
  }
  if (row.length > 0) rows.push(row);
  return rows;
}

async function applyTexts(strapi: Core.Strapi, uid: string, texts: TypeTexts) {
  const contentTypes = strapi.plugin('content-manager').service('content-types');
  const contentType = contentTypes.findContentType(uid);
  if (!contentType) return;
  const current: Configuration = await contentTypes.findConfiguration(contentType);
  const attributes = strapi.contentTypes[uid as UID.ContentType].attributes as unknown as Record<string, Attribute>;

  const metadatas = { ...current.metadatas };
  for (const [name, { label, description }] of Object.entries({ ...TIMESTAMP_TEXTS, ...texts.fields })) {
    const metadata = metadatas[name];
    if (!metadata) continue;
    metadatas[name] = {
      edit: metadata.edit && Object.keys(metadata.edit).length > 0 ? { ...metadata.edit, label, description } : metadata.edit,
      list: { ...metadata.list, label },
    };
  }
  const ordered = Object.keys(texts.fields).filter((name) => name in attributes);
  const unlisted = Object.keys(attributes).filter(
    (name) => !ordered.includes(name) && !hiddenFromThePanel(attributes[name]) && current.layouts.edit.flat().some((field) => field.name === name),
  );
  const { list } = texts;

  await contentTypes.updateConfiguration(contentType, {
    settings: list
      ? { ...current.settings, mainField: list.mainField, defaultSortBy: list.sortBy, defaultSortOrder: 'ASC', pageSize: 20 }
      : current.settings,
    metadatas,
    layouts: {
      list: list?.columns ?? current.layouts.list,
      edit: editRows(strapi, attributes, [...ordered, ...unlisted]),
    },
  });
}

/**
 * Labels, one-line descriptions, form order, list columns and sorting of every content type in
 * the Content Manager, written on every start: a fresh install has them, and the code, not the
 * panel's layout editor, is where they change.
 */
export async function configureContentManager(strapi: Core.Strapi) {
  for (const [uid, texts] of Object.entries({ ...SITE_TYPE_TEXTS, ...ORGANISER_TYPE_TEXTS })) {
    await applyTexts(strapi, uid, texts);
  }
  for (const [uid, texts] of Object.entries(COMPONENT_TEXTS)) await applyComponentTexts(strapi, uid, texts);
}

/** A component's field labels and the field that names each entry (the header of a collapsed entry). */
async function applyComponentTexts(strapi: Core.Strapi, uid: string, texts: (typeof COMPONENT_TEXTS)[string]) {
  const components = strapi.plugin('content-manager').service('components');
  const component = components.findComponent(uid);
  if (!component) return;
  const current: Configuration = await components.findConfiguration(component);
  const metadatas = { ...current.metadatas };
  for (const [name, { label, description }] of Object.entries(texts.fields)) {
    const metadata = metadatas[name];
    if (!metadata) continue;
    metadatas[name] = { edit: { ...metadata.edit, label, description }, list: { ...metadata.list, label } };
  }
  await components.updateConfiguration(component, {
    settings: { ...current.settings, mainField: texts.mainField },
    metadatas,
    layouts: current.layouts,
  });
}
