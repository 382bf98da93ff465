import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDuplicateOrderNumber } from '../../src/bootstrap/order-number-index';
import { sqliteOrderStatements } from '../../src/api/order/services/place-order-sqlite';
import { inOneSqliteTurn } from '../../src/utils/sqlite-transaction';
import { startTestServer, type TestServer } from '../helpers/strapi';

const onSqlite = process.env.DATABASE_CLIENT !== 'postgres';

describe('the order number index', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('is there, so looking a number up does not read the whole orders table', async () => {
    const knex = server.strapi.db.connection;
    const names =
      server.strapi.db.dialect.client === 'postgres'
        ? (await knex.raw("SELECT indexname AS name FROM pg_indexes WHERE tablename = 'orders'")).rows
        : await knex.raw("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'orders'");
    expect(names.map((row: { name: string }) => row.name)).toContain('gos_orders_order_number_unique');
  });

  it('lets the database refuse a second order with the same number', async () => {
    const knex = server.strapi.db.connection;
    const order = { order_number: 'GOS-20260101-AAAAAA', first_name: 'A', last_name: 'B', items: '[]', total: 0, status: 'pending' };
    await knex('orders').insert(order);
    const refusal = await knex('orders').insert({ ...order, first_name: 'C' }).then(
      () => null,
      (error: unknown) => error,
    );
    // The order service places the order again with a new number when it sees this refusal.
    expect(isDuplicateOrderNumber(refusal)).toBe(true);
    // Another refusal, of a second row with the same id, is not one to retry.
    const [{ id }] = await knex('orders').where({ order_number: order.order_number }).select('id');
    const otherRefusal = await knex('orders').insert({ ...order, id, order_number: 'GOS-20260101-BBBBBB' }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(otherRefusal).not.toBeNull();
    expect(isDuplicateOrderNumber(otherRefusal)).toBe(false);
    const [{ count }] = await knex('orders').where({ order_number: order.order_number }).count({ count: '*' });
    expect(Number(count)).toBe(1);
  });

  it.runIf(onSqlite)('is the refusal the order service retries on SQLite too, where orders are stored by better-sqlite3 itself', async () => {
    const order = { orderNumber: 'GOS-20260101-CCCCCC', tokenHash: '0'.repeat(64), firstName: 'A', lastName: 'B', items: [], total: 0 };
    const statements = sqliteOrderStatements(server.strapi);
    const store = () => inOneSqliteTurn(server.strapi, (database) => statements(database).insertOrder(order));
    const first = await store();
    const refusal = await store().then(
      () => null,
      (error: unknown) => error,
    );
    expect(isDuplicateOrderNumber(refusal)).toBe(true);
    // The first is stored as the Query Engine stores an order, and reads back through it.
    const read = await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber: order.orderNumber } });
    expect(read).toMatchObject({ id: first.id, documentId: first.documentId, firstName: 'A', items: [], total: 0, status: 'pending' });
    expect(new Date(read.createdAt).getTime()).toBe(first.at.getTime());
  });
});
