import { factories } from '@strapi/strapi';
import type { Core } from '@strapi/strapi';
import { notFound } from '../../../http/api-error';
import { invalidatePublicCache } from '../../../http/public-cache';
import {
  DEFAULT_ORDER_LIMITS,
  ORDER_LIMIT_FIELDS,
  ORDER_LIMIT_NAMES,
  PUBLIC_SETTING_KEYS,
  type OrderLimits,
  type SettingWrite,
} from '../../../contract/settings';

const UID = 'api::setting.setting';

const ORDER_LIMIT_KEYS = ORDER_LIMIT_NAMES.map((name) => ORDER_LIMIT_FIELDS[name].key);

/**
 * The limits as stored; a missing row, or a value a panel edit left out of range, counts as its
 * default, and units per line never exceed units per order.
 */
function readLimits(values: Map<string, string>): OrderLimits {
  const limits = { ...DEFAULT_ORDER_LIMITS };
  for (const name of ORDER_LIMIT_NAMES) {
    const { key, min, max } = ORDER_LIMIT_FIELDS[name];
    const value = Number(values.get(key));
    if (Number.isInteger(value) && value >= min && value <= max) limits[name] = value;
  }
  return { ...limits, maxUnitsPerLine: Math.min(limits.maxUnitsPerLine, limits.maxUnitsPerOrder) };
}

const settingService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(UID);

  async function readValues(keys: string[]): Promise<Map<string, string>> {
    const found = (await rows().findMany({ where: { key: { $in: keys } }, select: ['key', 'value'] })) as { key: string; value: string }[];
    return new Map(found.map((row) => [row.key, row.value]));
  }

  async function store(key: string, value: string) {
    const updated = await rows().update({ where: { key }, data: { value } });
    if (!updated) await rows().create({ data: { key, value } });
  }

  const readOrderLimits = async (): Promise<OrderLimits> => readLimits(await readValues(ORDER_LIMIT_KEYS));

  return {
    async readPublic(key: string): Promise<string> {
      if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(key)) throw notFound('Diese Einstellung gibt es nicht.');
      const setting = await rows().findOne({ where: { key }, select: ['value'] });
      if (!setting) throw notFound('Diese Einstellung gibt es nicht.');
      return setting.value as string;
    },

    async write({ key, value }: SettingWrite): Promise<void> {
      await store(key, value);
    },

    readOrderLimits,

    /** Stores all four limits at once, so an order never sees half of a change. */
    async writeOrderLimits(limits: OrderLimits): Promise<OrderLimits> {
      await strapi.db.transaction(async ({ onCommit }) => {
        // Each row's lifecycle clears the public cache too, but before the commit: a read in between could store the old limits again.
        onCommit(invalidatePublicCache);
        for (const name of ORDER_LIMIT_NAMES) await store(ORDER_LIMIT_FIELDS[name].key, String(limits[name]));
      });
      return readOrderLimits();
    },

    /** What an order needs to know of the settings, in one read: whether the shop is open, and the limits. */
    async readOrderRules(): Promise<{ shopEnabled: boolean; limits: OrderLimits }> {
      const values = await readValues(['shop_enabled', ...ORDER_LIMIT_KEYS]);
      return { shopEnabled: values.get('shop_enabled') === 'true', limits: readLimits(values) };
    },
  };
};

export type SettingService = ReturnType<typeof settingService>;

export default factories.createCoreService(UID, settingService);
