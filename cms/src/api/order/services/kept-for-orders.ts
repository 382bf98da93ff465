import type { Core } from '@strapi/strapi';
import type { StoredOrderableProduct } from '../../product/services/product';
import type { OrderRuleValues } from '../../setting/services/order-rules';

// Only products that exist are kept, so made-up ids cannot fill it; the bound holds for any
// catalogue. Beyond it the product kept longest is let go.
const MAX_PRODUCTS = 2_000;

/**
 * The setting values and product rows this cms instance last priced an order on PostgreSQL
 * from, so that the next order needs no reads before its one call (docs/decisions/018). Nothing
 * here is trusted: gos_place_order compares what an order was priced from with the rows, and a
 * difference makes the order service forget everything and read again. Forgetting on this
 * instance's own writes only keeps that rare.
 */
function keptValues() {
  let rules: OrderRuleValues | undefined;
  const products = new Map<number, StoredOrderableProduct>();
  // Bumped by forget(): values read before it are not kept after it.
  let generation = 0;

  return {
    /** To hand to keep…() with the values read after this call. */
    readStarts: () => generation,

    rules: () => rules,

    product: (id: number) => products.get(id),

    keepRules(values: OrderRuleValues, readSince: number) {
      if (readSince === generation) rules = values;
    },

    keepProducts(found: Iterable<StoredOrderableProduct>, readSince: number) {
      if (readSince !== generation) return;
      for (const product of found) {
        products.delete(product.id);
        if (products.size >= MAX_PRODUCTS) products.delete(products.keys().next().value as number);
        products.set(product.id, product);
      }
    },

    forget() {
      generation += 1;
      rules = undefined;
      products.clear();
    },
  };
}

export type KeptValues = ReturnType<typeof keptValues>;

const keptByInstance = new WeakMap<Core.Strapi, KeptValues>();

/** This instance's kept values (one set per Strapi instance, so two in one process never share). */
export function keptForOrders(strapi: Core.Strapi): KeptValues {
  let kept = keptByInstance.get(strapi);
  if (!kept) {
    kept = keptValues();
    keptByInstance.set(strapi, kept);
  }
  return kept;
}

/**
 * Forgets the kept values whenever this instance writes a setting or a product through the
 * Query Engine (dashboard, panel, seed). Stock taken or returned by orders is written around it,
 * so it keeps them. Another instance's writes are found by gos_place_order's comparison instead.
 */
export function forgetKeptOnWrites(strapi: Core.Strapi) {
  const forget = () => keptForOrders(strapi).forget();
  strapi.db.lifecycles.subscribe({
    models: ['api::setting.setting', 'api::product.product'],
    afterCreate: forget,
    afterCreateMany: forget,
    afterUpdate: forget,
    afterUpdateMany: forget,
    afterDelete: forget,
    afterDeleteMany: forget,
  });
}
