import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDuplicateOrderNumber } from '../../src/bootstrap/order-number-index';
import { startTestServer, type TestServer } from '../helpers/strapi';

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
});
