import { factories } from '@strapi/strapi';
import type { Core } from '@strapi/strapi';
import { notFound } from '../../../http/api-error';
import { invalidatePublicCache } from '../../../http/public-cache';
import { ORDER_LIMIT_FIELDS, ORDER_LIMIT_NAMES, PUBLIC_SETTING_KEYS, type OrderLimits, type OrderLimitsWrite, type SettingWrite } from '../../../contract/settings';
import { ORDER_LIMIT_KEYS, ORDER_RULE_KEYS, orderRulesOf, orderRuleValuesOf, readLimits, type OrderRuleValues, type OrderRules } from './order-rules';

const UID = 'api::setting.setting';

const settingService = ({ strapi }: { strapi: Core.Strapi }) => {
  const rows = () => strapi.db.query(UID);

  // Should a key have two rows, the newest counts, here as in gos_place_order's check.
  const readRows = async (keys: string[]) =>
    (await rows().findMany({ where: { key: { $in: keys } }, select: ['key', 'value'], orderBy: { id: 'asc' } })) as { key: string; value: string }[];

  async function readValues(keys: string[]): Promise<Map<string, string>> {
    return new Map((await readRows(keys)).map((row) => [row.key, row.value]));
  }

  async function store(key: string, value: string) {
    const updated = await rows().update({ where: { key }, data: { value } });
    if (!updated) await rows().create({ data: { key, value } });
  }

  const readOrderLimits = async (): Promise<OrderLimits> => {
    const values = await readValues(ORDER_LIMIT_KEYS);
    return readLimits((key) => values.get(key));
  };

  /** The values orderRulesOf reads, in one read. */
  const readOrderRuleValues = async (): Promise<OrderRuleValues> => orderRuleValuesOf(await readRows(ORDER_RULE_KEYS));

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

    /** Stores the limits given at once, so an order never sees half of a change; one left out keeps its value. */
    async writeOrderLimits(limits: OrderLimitsWrite): Promise<OrderLimits> {
      await strapi.db.transaction(async ({ onCommit }) => {
        // Each row's lifecycle clears the public cache too, but before the commit: a read in between could store the old limits again.
        onCommit(invalidatePublicCache);
        for (const name of ORDER_LIMIT_NAMES) {
          const value = limits[name];
          if (value !== undefined) await store(ORDER_LIMIT_FIELDS[name].key, String(value));
        }
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
