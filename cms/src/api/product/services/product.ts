import { factories } from '@strapi/strapi';
import type { Core } from '@strapi/strapi';
import type { AdminProduct, ProductCreate, ProductUpdate } from '../../../contract/products';
import { PRODUCT_MESSAGES } from '../../../contract/products';
import { IMAGE_SIZE_NAMES, SHOP_MESSAGES, type ImageSizes, type ShopItem } from '../../../contract/shop';
import { conflict, notFound } from '../../../http/api-error';
import { removeImageIfUnused, storeImage, type CheckedImage } from '../../../http/image-upload';
import { invalidatePublicCache } from '../../../http/public-cache';
import { tableOf } from '../../../utils/database';
import { jsonFieldValue, variantList } from './stored-fields';

const UID = 'api::product.product';

type Media = { id: number; url: string; formats?: Record<string, { url?: unknown } | undefined> | null };

type ProductRecord = {
  id: number;
  documentId: string;
  title: string;
  description: string;
  price: number;
  image?: Media | null;
  variants: unknown;
  availableQuantity: number;
  isActive: boolean;
};

/** What an order needs to know of a product: its current title, price, variants and state. */
export type OrderableProduct = { id: number; title: string; price: number; variants: string[]; isActive: boolean };

/**
 * The same with the variants as PostgreSQL stores them (jsonb as text): what an order priced from
 * it hands gos_place_order to compare with the row (place-order-postgres.ts). jsonb's text is the
 * same for the same value, so an unchanged row compares equal and any edit of it does not.
 */
export type StoredOrderableProduct = OrderableProduct & { storedVariants: string | null };

/** Units of one product to take from (or put back into) stock; title and variant name it in messages. */
export type StockLine = { productId: number; quantity: number; title: string; variant: string };

const imageSizes = (image: Media | null | undefined): ImageSizes => {
  const sizes: ImageSizes = {};
  for (const size of IMAGE_SIZE_NAMES) {
    const url = image?.formats?.[size]?.url;
    if (typeof url === 'string') sizes[size] = url;
  }
  return sizes;
};

const toShopItem = (product: ProductRecord): ShopItem => ({
  id: product.id,
  title: product.title,
  description: product.description ?? '',
  price: product.price,
  image: product.image?.url ?? null,
  imageSizes: imageSizes(product.image),
  variants: variantList(product.variants),
  availableQuantity: product.availableQuantity,
});

const toAdminProduct = (product: ProductRecord): AdminProduct => ({ ...toShopItem(product), isActive: product.isActive });

/** One entry per product, in id order, so concurrent transactions lock rows in the same order. */
export function mergeByProduct(lines: StockLine[]): StockLine[] {
  const merged = new Map<number, { line: StockLine; variants: Set<string> }>();
  for (const line of lines) {
    const seen = merged.get(line.productId);
    if (seen) {
      seen.line.quantity += line.quantity;
      seen.variants.add(line.variant);
    } else merged.set(line.productId, { line: { ...line }, variants: new Set([line.variant]) });
  }
  return [...merged.values()]
    .map(({ line, variants }) => ({ ...line, variant: [...variants].join(', ') }))
    .sort((a, b) => a.productId - b.productId);
}

/** The knex transaction strapi.db.transaction hands its callback. */
type Transaction = Parameters<Parameters<Core.Strapi['db']['transaction']>[0]>[0]['trx'];

const productService = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);

  const findRecord = async (id: number, filters: Record<string, unknown> = {}) =>
    (await documents().findFirst({ filters: { id, ...filters }, populate: ['image'] })) as ProductRecord | null;

  const requireRecord = async (id: number) => {
    const product = await findRecord(id);
    if (!product) throw notFound(PRODUCT_MESSAGES.notFound);
    return product;
  };

  const stockTable = (trx: Transaction) => {
    const products = tableOf(strapi, UID);
    return {
      rows: () => strapi.db.getConnection(products.name).transacting(trx),
      idColumn: products.column('id'),
      quantityColumn: products.column('availableQuantity'),
    };
  };

  return {
    async listPublic(): Promise<ShopItem[]> {
      const products = await documents().findMany({ filters: { isActive: true }, sort: 'id:asc', populate: ['image'] });
      return (products as ProductRecord[]).map(toShopItem);
    },

    async findPublic(id: number): Promise<ShopItem> {
      const product = await findRecord(id, { isActive: true });
      if (!product) throw notFound(SHOP_MESSAGES.itemNotFound);
      return toShopItem(product);
    },

    async listAdmin(): Promise<AdminProduct[]> {
      const products = await documents().findMany({ sort: 'id:asc', populate: ['image'] });
      return (products as ProductRecord[]).map(toAdminProduct);
    },

    async findForOrder(ids: number[]): Promise<Map<number, OrderableProduct>> {
      const products = (await strapi.db.query(UID).findMany({
        where: { id: { $in: ids } },
        select: ['id', 'title', 'price', 'variants', 'isActive'],
      })) as ProductRecord[];
      return new Map(
        products.map((product) => [
          product.id,
          { id: product.id, title: product.title, price: product.price, variants: variantList(product.variants), isActive: product.isActive },
        ]),
      );
    },

    /** findForOrder on PostgreSQL, for an order whose prices the database checks (StoredOrderableProduct). */
    async findForOrderAsStored(ids: number[]): Promise<Map<number, StoredOrderableProduct>> {
      const { name, column } = tableOf(strapi, UID);
      const knex = strapi.db.connection;
      const rows = (await knex(name)
        .select({ id: column('id'), title: column('title'), price: column('price'), isActive: column('isActive') })
        .select(knex.raw('??::text AS "storedVariants"', [column('variants')]))
        .whereIn(column('id'), ids)) as Omit<StoredOrderableProduct, 'variants'>[];
      return new Map(rows.map((row) => [row.id, { ...row, variants: variantList(jsonFieldValue(row.storedVariants)) }]));
    },

    /** Stores the image first and the product second; if the product fails, the image goes again. */
    async createWithImage(fields: ProductCreate, image: CheckedImage): Promise<AdminProduct> {
      const stored = await storeImage(strapi, image, fields.title);
      try {
        const product = await documents().create({ data: { ...fields, image: stored.id } as never, populate: ['image'] });
        return toAdminProduct(product as ProductRecord);
      } catch (error) {
        await removeImageIfUnused(strapi, stored.id);
        throw error;
      }
    },

    async updateWithImage(id: number, fields: ProductUpdate, image?: CheckedImage): Promise<AdminProduct> {
      const current = await requireRecord(id);
      const stored = image ? await storeImage(strapi, image, fields.title ?? current.title) : undefined;
      let product: ProductRecord;
      try {
        const data = stored ? { ...fields, image: stored.id } : fields;
        product = (await documents().update({ documentId: current.documentId, data: data as never, populate: ['image'] })) as ProductRecord;
      } catch (error) {
        if (stored) await removeImageIfUnused(strapi, stored.id);
        throw error;
      }
      if (stored && current.image) await removeImageIfUnused(strapi, current.image.id);
      return toAdminProduct(product);
    },

    /** Deletes the product and its image, unless other content uses that image too. */
    async remove(id: number): Promise<void> {
      const current = await requireRecord(id);
      await documents().delete({ documentId: current.documentId });
      if (current.image) await removeImageIfUnused(strapi, current.image.id);
    },

    /**
     * Takes the units from stock atomically: each product's row is decremented only while it
     * still holds enough (a conditional UPDATE), so concurrent orders, also from other cms
     * instances on one PostgreSQL, can never oversell. Runs in the caller's transaction when
     * there is one; any shortage throws a 409 and rolls the whole transaction back.
     */
    async takeStock(lines: StockLine[], shortageMessage: (line: StockLine) => string): Promise<void> {
      await strapi.db.transaction(async ({ trx, onCommit }) => {
        const { rows, idColumn, quantityColumn } = stockTable(trx);
        onCommit(invalidatePublicCache);
        for (const line of mergeByProduct(lines)) {
          const updated = await rows()
            .where(idColumn, line.productId)
            .andWhere(quantityColumn, '>=', line.quantity)
            .decrement(quantityColumn, line.quantity);
          if (Number(updated) !== 1) throw conflict(shortageMessage(line));
        }
      });
    },

    /** Returns units to stock; a product deleted since has nothing to return them to. */
    async putBackStock(lines: StockLine[]): Promise<void> {
      await strapi.db.transaction(async ({ trx, onCommit }) => {
        const { rows, idColumn, quantityColumn } = stockTable(trx);
        onCommit(invalidatePublicCache);
        for (const line of mergeByProduct(lines)) {
          await rows().where(idColumn, line.productId).increment(quantityColumn, line.quantity);
        }
      });
    },
  };
};

export type ProductService = ReturnType<typeof productService>;

export default factories.createCoreService(UID, productService);
