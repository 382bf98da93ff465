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

const ORDER_RULE_KEYS = ['shop_enabled', ...ORDER_LIMIT_KEYS];

/** The stored value of each setting an order's rules come from, by key; null where there is no row. */
export type OrderRuleValues = Record<string, string | null>;

export type OrderRules = { shopEnabled: boolean; limits: OrderLimits };

/**
 * The limits as stored; a missing row, or a value a panel edit left out of range, counts as its
 * default, and units per line never exceed units per order.
 */
function readLimits(valueOf: (key: string) => string | null | undefined): OrderLimits {
  const limits = { ...DEFAULT_ORDER_LIMITS };
  for (const name of ORDER_LIMIT_NAMES) {
    const { key, min, max } = ORDER_LIMIT_FIELDS[name];
    const value = Number(valueOf(key) ?? Number.NaN);
    if (Number.isInteger(value) && value >= min && value <= max) limits[name] = value;
  }
  return { ...limits, maxUnitsPerLine: Math.min(limits.maxUnitsPerLine, limits.maxUnitsPerOrder) };
}

/** Whether the shop is open, and the limits, from the stored values. */
export const orderRulesOf = (values: OrderRuleValues): OrderRules => ({
  shopEnabled: values.shop_enabled === 'true',
  limits: readLimits((key) => values[key]),
});

const settingService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(UID);

  // Should a key have two rows, the newest counts, here as in gos_place_order's check.
  async function readValues(keys: string[]): Promise<Map<string, string>> {
    const found = (await rows().findMany({ where: { key: { $in: keys } }, select: ['key', 'value'], orderBy: { id: 'asc' } })) as { key: string; value: string }[];
    return new Map(found.map((row) => [row.key, row.value]));
  }

  async function store(key: string, value: string) {
    const updated = await rows().update({ where: { key }, data: { value } });
    if (!updated) await rows().create({ data: { key, value } });
  }

  const readOrderLimits = async (): Promise<OrderLimits> => {
    const values = await readValues(ORDER_LIMIT_KEYS);
    return readLimits((key) => values.get(key));
  };

  /** The values orderRulesOf reads, in one read; missing rows are there as null. */
  async function readOrderRuleValues(): Promise<OrderRuleValues> {
    const values = await readValues(ORDER_RULE_KEYS);
    return Object.fromEntries(ORDER_RULE_KEYS.map((key) => [key, values.get(key) ?? null]));
  }

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
    async readOrderRules(): Promise<OrderRules> {
      return orderRulesOf(await readOrderRuleValues());
    },

    readOrderRuleValues,
  };
};

export type SettingService = ReturnType<typeof settingService>;

export default factories.createCoreService(UID, settingService);
