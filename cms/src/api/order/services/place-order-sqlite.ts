import type { Core } from '@strapi/strapi';
import { clientKey, countOneStatement, countStatement, productUnitsKey, type EventLimit } from '../../../http/rate-limit';
import { quoteName, tableOf } from '../../../utils/database';
import type { SqliteDatabase } from '../../../utils/sqlite-transaction';
import type { OrderableProduct, StockLine } from '../../product/services/product';
import { jsonFieldValue, variantList } from '../../product/services/stored-fields';
import { ORDER_RULE_KEYS, orderRuleValuesOf, type OrderRuleValues } from '../../setting/services/order-rules';
import type { OrderToStore } from './place-order-postgres';

const ORDER_UID = 'api::order.order';
const PRODUCT_UID = 'api::product.product';
const SETTING_UID = 'api::setting.setting';

type ProductRow = { id: number; title: string; price: number; variants: string | null; isActive: unknown };

/**
 * The statements of an order on SQLite, for one transaction run by better-sqlite3 itself in one
 * turn of the event loop (inOneSqliteTurn). They read and write the rows as the Query Engine
 * does on SQLite: dates as milliseconds, json fields as their text, booleans as 1 and 0. The SQL
 * is written once per Strapi instance, with the Query Engine's table and column names; SQLite
 * prepares each text once per connection (sqlite-statements.ts).
 */
export function sqliteOrderStatements(strapi: Core.Strapi) {
  const quote = (name: string) => quoteName(strapi, name);
  const settings = tableOf(strapi, SETTING_UID);
  const products = tableOf(strapi, PRODUCT_UID);
  const orders = tableOf(strapi, ORDER_UID);
  const productColumn = (attribute: string) => quote(products.column(attribute));
  const stored = ['documentId', 'orderNumber', 'tokenHash', 'firstName', 'lastName', 'items', 'total', 'status', 'createdAt', 'updatedAt', 'publishedAt'];
  const idColumn = productColumn('id');
  const stock = productColumn('availableQuantity');

  const sql = {
    ruleValues: `SELECT ${quote(settings.column('key'))} AS "key", ${quote(settings.column('value'))} AS "value" FROM ${quote(settings.name)}
      WHERE ${quote(settings.column('key'))} IN (${ORDER_RULE_KEYS.map(() => '?').join(', ')}) ORDER BY ${quote(settings.column('id'))}`,
    countOne: countOneStatement('?', '?', '?'),
    countUnits: countStatement('?', '?', '?', '?'),
    products: (count: number) =>
      `SELECT ${idColumn} AS "id", ${productColumn('title')} AS "title", ${productColumn('price')} AS "price",
         ${productColumn('variants')} AS "variants", ${productColumn('isActive')} AS "isActive"
       FROM ${quote(products.name)} WHERE ${idColumn} IN (${Array.from({ length: count }, () => '?').join(', ')})`,
    insertOrder: `INSERT INTO ${quote(orders.name)} (${stored.map((attribute) => quote(orders.column(attribute))).join(', ')})
      VALUES (${stored.map(() => '?').join(', ')})`,
    takeStock: `UPDATE ${quote(products.name)} SET ${stock} = ${stock} - ? WHERE ${idColumn} = ? AND ${stock} >= ?`,
  };
  // The generator the Query Engine gives a new row's documentId by default.
  const newDocumentId = () => (strapi.db.metadata.get(ORDER_UID).attributes.documentId as unknown as { default: () => string }).default();

  return (database: SqliteDatabase) => ({
    ruleValues(): OrderRuleValues {
      return orderRuleValuesOf(database.prepare(sql.ruleValues).all(...ORDER_RULE_KEYS) as { key: string; value: string | null }[]);
    },

    /** Counts one order for the client in its window and answers the count with it (rolled back with a refused order). */
    countOrder(client: string, { windowSeconds }: EventLimit): number {
      const now = Date.now();
      const expired = now - windowSeconds * 1000;
      const row = database.prepare(sql.countOne).get(clientKey('order', client), now, expired, expired) as { failures: number };
      return Number(row.failures);
    },

    /**
     * Adds each product's units (one line per product) to what the client ordered of it in the
     * window; answers the first product that goes past max, if any (rolled back with a refused order).
     */
    countProductUnits(client: string, lines: StockLine[], { max, windowSeconds }: EventLimit): StockLine | undefined {
      const now = Date.now();
      const expired = now - windowSeconds * 1000;
      const count = database.prepare(sql.countUnits);
      return lines.find((line) => Number((count.get(productUnitsKey(client, line.productId), now, line.quantity, expired, expired) as { failures: number }).failures) > max);
    },

    products(ids: number[]): Map<number, OrderableProduct> {
      const rows = database.prepare(sql.products(ids.length)).all(...ids) as ProductRow[];
      return new Map(
        rows.map((row) => [
          row.id,
          // As the Query Engine's boolean field reads the column.
          { id: row.id, title: row.title, price: row.price, variants: variantList(jsonFieldValue(row.variants)), isActive: String(row.isActive) === '1' },
        ]),
      );
    },

    insertOrder(order: OrderToStore): { id: number; documentId: string; at: Date } {
      const at = new Date();
      const documentId = newDocumentId();
      const { lastInsertRowid } = database
        .prepare(sql.insertOrder)
        .run(documentId, order.orderNumber, order.tokenHash, order.firstName, order.lastName, JSON.stringify(order.items), order.total, 'pending', at.getTime(), at.getTime(), at.getTime());
      return { id: Number(lastInsertRowid), documentId, at };
    },

    /** Takes each line's units while the product still holds enough; answers the first line that is short, if any. */
    takeStock(lines: StockLine[]): StockLine | undefined {
      const take = database.prepare(sql.takeStock);
      return lines.find((line) => take.run(line.quantity, line.productId, line.quantity).changes !== 1);
    },
  });
}
