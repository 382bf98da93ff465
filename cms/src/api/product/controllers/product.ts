import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { PRODUCT_MESSAGES, productCreateSchema, productUpdateSchema } from '../../../contract/products';
import { idParamSchema } from '../../../contract/common';
import { SHOP_MESSAGES, type UnitLimits } from '../../../contract/shop';
import { notFound } from '../../../http/api-error';
import { checkImageFile, uploadedFile } from '../../../http/image-upload';
import { publicCacheKey, sendCachedJson } from '../../../http/public-cache';
import { parseInput, requestBody } from '../../../http/validate';
import type { SettingService } from '../../setting/services/setting';
import type { ProductService } from '../services/product';

const UID = 'api::product.product';

/** The id in the path, or a 404 with the given message: a path that names no number names no product. */
const productId = (ctx: Context, message: string) => {
  const id = idParamSchema.safeParse(ctx.params.id);
  if (!id.success) throw notFound(message);
  return id.data;
};

export default factories.createCoreController(UID, ({ strapi }) => {
  const products = () => strapi.service(UID) as ProductService;
  // The shop shows the caps beside the items it reads anyway, so they cost no call of their own.
  const unitLimits = async (): Promise<UnitLimits> => {
    const { maxUnitsPerLine, maxUnitsPerOrder } = await (strapi.service('api::setting.setting') as SettingService).readOrderLimits();
    return { maxUnitsPerLine, maxUnitsPerOrder };
  };

  return {
    async listPublic(ctx: Context) {
      await sendCachedJson(ctx, publicCacheKey.shopItems, async () => {
        const [items, limits] = await Promise.all([products().listPublic(), unitLimits()]);
        return { success: true, items, unitLimits: limits };
      });
    },

    async findPublic(ctx: Context) {
      const id = productId(ctx, SHOP_MESSAGES.itemNotFound);
      await sendCachedJson(ctx, publicCacheKey.shopItem(id), async () => {
        const [item, limits] = await Promise.all([products().findPublic(id), unitLimits()]);
        return { success: true, item, unitLimits: limits };
      });
    },

    async listAdmin(ctx: Context) {
      ctx.body = { success: true, items: await products().listAdmin() };
    },

    async create(ctx: Context) {
      const fields = parseInput(productCreateSchema, requestBody(ctx), 'The product data is invalid');
      const image = await checkImageFile(uploadedFile(ctx, 'image'));
      ctx.body = { success: true, item: await products().createWithImage(fields, image) };
    },

    async update(ctx: Context) {
      const id = productId(ctx, PRODUCT_MESSAGES.notFound);
      const fields = parseInput(productUpdateSchema, requestBody(ctx), 'The product data is invalid');
      const file = uploadedFile(ctx, 'image');
      const image = file ? await checkImageFile(file) : undefined;
      ctx.body = { success: true, item: await products().updateWithImage(id, fields, image) };
    },

    async remove(ctx: Context) {
      await products().remove(productId(ctx, PRODUCT_MESSAGES.notFound));
      ctx.body = { success: true };
    },
  };
});
