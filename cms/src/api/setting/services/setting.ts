import { factories } from '@strapi/strapi';
import { notFound } from '../../../http/api-error';
import { PUBLIC_SETTING_KEYS, type SettingWrite } from '../../../contract/settings';

const UID = 'api::setting.setting';

export default factories.createCoreService(UID, ({ strapi }) => ({
  async readPublic(key: string): Promise<string> {
    if (!(PUBLIC_SETTING_KEYS as readonly string[]).includes(key)) throw notFound('Diese Einstellung gibt es nicht.');
    const setting = await strapi.db.query(UID).findOne({ where: { key }, select: ['value'] });
    if (!setting) throw notFound('Diese Einstellung gibt es nicht.');
    return setting.value as string;
  },

  async write({ key, value }: SettingWrite): Promise<void> {
    const updated = await strapi.db.query(UID).update({ where: { key }, data: { value } });
    if (!updated) await strapi.db.query(UID).create({ data: { key, value } });
  },
}));
