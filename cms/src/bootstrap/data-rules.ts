import type { Core } from '@strapi/strapi';
import { HOUSE_MESSAGES } from '../contract/houses';
import { RULED_MODELS, refusedFields, refusedSetting, type FieldRefusal, type RuledModel } from '../contract/stored-rules';
import { USER_MESSAGES } from '../contract/users';
import { DataRuleError } from '../http/data-rule-error';
import { IMAGE_MESSAGES } from '../http/image-upload';

// The rules of houses, products, dashboard users and settings, enforced where every write passes:
// the Query Engine's lifecycles. The Document Service (the content manager, our services, the
// seed) writes through the Query Engine, and so do our services that use strapi.db.query and
// Strapi's data transfer; a Document Service middleware would see only the first
// (docs/decisions/030-rules-live-with-the-data.md). Only raw SQL passes by, and only our own
// stock statements use it.

const HOUSE = 'api::house.house';
const SETTING = 'api::setting.setting';
const FILE = 'plugin::upload.file';

type Data = Record<string, unknown>;
type Where = Record<string, unknown>;

/** The row ids a relation's value names, in the shapes the Query Engine takes; documentIds are left to Strapi. */
export function referencedIds(value: unknown): number[] {
  if (value === null || value === undefined) return [];
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') return /^\d{1,10}$/.test(value) ? [Number(value)] : [];
  if (Array.isArray(value)) return value.flatMap(referencedIds);
  if (typeof value === 'object') {
    const { id, set, connect } = value as { id?: unknown; set?: unknown; connect?: unknown };
    if (id !== undefined) return referencedIds(id);
    return [...referencedIds(set), ...referencedIds(connect)];
  }
  return [];
}

const isPresent = (data: Data, field: string) => Object.hasOwn(data, field) && data[field] !== undefined;

/** What a relation of a write must name: ids of rows that exist and fit, or the refusal. */
const RELATION_RULES: Partial<Record<RuledModel, { field: string; target: string; where: Where; message: string }[]>> = {
  'api::house.house': [{ field: 'emblem', target: FILE, where: { mime: { $startsWith: 'image/' } }, message: HOUSE_MESSAGES.invalidEmblem }],
  'api::product.product': [{ field: 'image', target: FILE, where: { mime: { $startsWith: 'image/' } }, message: IMAGE_MESSAGES.wrongType }],
  'plugin::users-permissions.user': [{ field: 'house', target: HOUSE, where: {}, message: USER_MESSAGES.unknownHouse }],
};

export function enforceDataRules(strapi: Core.Strapi) {
  const refusedRelations = async (model: RuledModel, data: Data): Promise<FieldRefusal[]> => {
    const refusals: FieldRefusal[] = [];
    for (const { field, target, where, message } of RELATION_RULES[model] ?? []) {
      if (!isPresent(data, field)) continue;
      const ids = [...new Set(referencedIds(data[field]))];
      if (ids.length === 0) continue;
      const found = await strapi.db.query(target as never).count({ where: { ...where, id: { $in: ids } } });
      if (found !== ids.length) refusals.push({ field, message });
    }
    return refusals;
  };

  /** A settings write, judged as the rows would be after it: a key and a value that fit together. */
  const refusedSettings = async (data: Data, where: Where | undefined): Promise<FieldRefusal[]> => {
    if (where === undefined) return refusedSetting(data.key, data.value);
    if (!isPresent(data, 'key') && !isPresent(data, 'value')) return [];
    // The rows the write changes; settings are a handful of rows, one per known key.
    const rows = (await strapi.db.query(SETTING).findMany({ where, select: ['key', 'value'] })) as { key: string; value: string }[];
    for (const row of rows) {
      const refusals = refusedSetting(isPresent(data, 'key') ? data.key : row.key, isPresent(data, 'value') ? data.value : row.value);
      if (refusals.length > 0) return refusals;
    }
    return [];
  };

  const judge = async (model: RuledModel, data: unknown, where?: Where) => {
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return;
    const fields = data as Data;
    const refusals =
      model === SETTING ? await refusedSettings(fields, where) : [...refusedFields(model, fields), ...(await refusedRelations(model, fields))];
    if (refusals.length > 0) throw new DataRuleError(refusals);
  };

  const modelOf = (event: { model: { uid: string } }) => event.model.uid as RuledModel;

  strapi.db.lifecycles.subscribe({
    models: RULED_MODELS,
    async beforeCreate(event) {
      await judge(modelOf(event), event.params.data);
    },
    async beforeCreateMany(event) {
      const rows: unknown[] = Array.isArray(event.params.data) ? event.params.data : [];
      for (const row of rows) await judge(modelOf(event), row);
    },
    async beforeUpdate(event) {
      await judge(modelOf(event), event.params.data, (event.params.where ?? {}) as Where);
    },
    async beforeUpdateMany(event) {
      await judge(modelOf(event), event.params.data, (event.params.where ?? {}) as Where);
    },
  });
}
