import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureSchema } from '../../src/contract/common';
import { parseOrderItems } from '../../src/contract/orders';
import { orderResponseSchema, shopItemsResponseSchema, type OrderPayload } from '../../src/contract/shop';
import { adminCall, call, signIn, type AdminSession } from '../helpers/api-client';
import { allowManyOrders } from '../helpers/order-limits';
import { startTestServer, type TestServer } from '../helpers/strapi';

type Product = { id: number; documentId: string; title: string; price: number; availableQuantity: number };

const ORDER_NUMBER = /^GOS-\d{8}-[A-HJ-NP-Z2-9]{6}$/;

describe('POST /api/shop/orders', () => {
  let server: TestServer;
  let session: AdminSession;
  let shirt: Product;
  let hoodie: Product;
  let patches: Product;
  let oldMug: Product;

  const product = async (title: string) =>
    (await server.strapi.db.query('api::product.product').findOne({ where: { title } })) as Product;
  const stockOf = async (id: number) =>
    ((await server.strapi.db.query('api::product.product').findOne({ where: { id } })) as Product).availableQuantity;
  const setStock = (target: Product, availableQuantity: number) =>
    server.strapi.documents('api::product.product').update({ documentId: target.documentId, data: { availableQuantity } as never });
  const orderCount = () => server.strapi.db.query('api::order.order').count();
  const order = (body: unknown) => call(server, 'POST', '/api/shop/orders', { body });
  const cart = (...lines: unknown[]) => JSON.stringify(lines);
  const payload = (items: string): OrderPayload => ({ firstName: 'Radka', lastName: 'Wachnase', items });

  /** Sends the body and expects a refusal that changed neither the orders nor the shirt's stock. */
  async function expectRefused(body: unknown, status: number, error?: string) {
    const [orders, stock] = [await orderCount(), await stockOf(shirt.id)];
    const response = await order(body);
    expect(response.status).toBe(status);
    const failure = failureSchema.parse(response.body);
    if (error) expect(failure.error).toBe(error);
    expect([await orderCount(), await stockOf(shirt.id)]).toEqual([orders, stock]);
    return failure;
  }

  beforeAll(async () => {
    server = await startTestServer();
    session = await signIn(server);
    // This file places more orders from one address than a shopper may (order-abuse.test.ts).
    await allowManyOrders(server, session);
    shirt = await product('Haus-Shirt „Game Of Slavs“');
    hoodie = await product('Kapuzenmantel der Wache');
    patches = await product('Aufnäher-Set der Häuser');
    oldMug = await product('Met-Becher (Vorjahr)');
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('places an order with a readable order number, takes the stock and shows it in the shop', async () => {
    const [shirtStock, hoodieStock] = [await stockOf(shirt.id), await stockOf(hoodie.id)];
    const response = await order(
      payload(cart({ id: shirt.id, title: shirt.title, price: 2500, variant: 'M', quantity: 2 }, { id: hoodie.id, title: hoodie.title, price: 4500, variant: 'L', quantity: 1 })),
    );
    expect(response.status).toBe(200);
    const answer = orderResponseSchema.parse(response.body);
    expect(Object.keys(answer).sort()).toEqual(['orderNumber', 'success', 'token', 'total']);
    // The order page's key (decision 035): unguessable, and only its hash is stored.
    expect(answer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber: answer.orderNumber } }))).not.toContain(answer.token);
    expect(answer.orderNumber).toMatch(ORDER_NUMBER);
    expect(answer.total).toBe(2 * 2500 + 4500);
    expect([await stockOf(shirt.id), await stockOf(hoodie.id)]).toEqual([shirtStock - 2, hoodieStock - 1]);

    const shop = shopItemsResponseSchema.parse((await call(server, 'GET', '/api/shop/items')).body);
    expect(shop.items.find((item) => item.id === shirt.id)?.availableQuantity).toBe(shirtStock - 2);

    const stored = await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber: answer.orderNumber } });
    expect(stored).toMatchObject({ firstName: 'Radka', lastName: 'Wachnase', status: 'pending', total: 9500 });
    // The panel opens an entry by its documentId; a type without drafts has every entry published.
    expect(stored.documentId).toMatch(/^[a-z0-9]{24}$/);
    expect(stored.publishedAt).not.toBeNull();
    const inPanel = await server.strapi.documents('api::order.order').findOne({ documentId: stored.documentId });
    expect(inPanel).toMatchObject({ orderNumber: answer.orderNumber });
  });

  it('tells webhooks set up in the panel of each placed order, and not of a refused one', async () => {
    const events: { uid: string; entry: { orderNumber: string } }[] = [];
    // Strapi's webhook runner listens the same way: one subscriber for every event.
    const unsubscribe = server.strapi.eventHub.subscribe(async (event: string, payload: (typeof events)[number]) => {
      if (event === 'entry.create' && payload.uid === 'api::order.order') events.push(payload);
    });
    try {
      const placed = orderResponseSchema.parse((await order(payload(cart({ id: shirt.id, variant: 'S', quantity: 1 })))).body);
      await expectRefused(payload(cart({ id: patches.id, variant: 'Set', quantity: 1 })), 409);
      await expect.poll(() => events.length).toBe(1);
      expect(events[0].entry).toMatchObject({ orderNumber: placed.orderNumber, total: 2500, status: 'pending' });
    } finally {
      unsubscribe();
    }
  });

  it('takes titles and prices from the database, never from the client', async () => {
    const response = await order({
      firstName: '  Mira ',
      lastName: ' Drei Pfeifen  ',
      items: cart({ id: shirt.id, title: 'Gratis-Shirt', price: 1, variant: 'S', quantity: 3 }),
      total: 1,
    });
    const { orderNumber, total } = orderResponseSchema.parse(response.body);
    expect(total).toBe(3 * 2500);
    const stored = await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } });
    expect(stored).toMatchObject({ firstName: 'Mira', lastName: 'Drei Pfeifen', total: 7500 });
    expect(stored.items).toEqual([{ id: shirt.id, title: shirt.title, variant: 'S', quantity: 3, price: 2500 }]);
  });

  it('accepts the cart as an actual list and merges lines of the same product and variant', async () => {
    const response = await order({
      firstName: 'Ole',
      lastName: 'Aschefrei',
      items: [
        { id: shirt.id, variant: 'XL', quantity: 1 },
        { id: shirt.id, variant: 'XL', quantity: 2 },
      ],
    });
    const { orderNumber, total } = orderResponseSchema.parse(response.body);
    expect(total).toBe(7500);
    const stored = await server.strapi.db.query('api::order.order').findOne({ where: { orderNumber } });
    expect(stored.items).toEqual([{ id: shirt.id, title: shirt.title, variant: 'XL', quantity: 3, price: 2500 }]);
  });

  it('answers the admin list with the stored lines', async () => {
    const { orderNumber } = orderResponseSchema.parse((await order(payload(cart({ id: hoodie.id, variant: 'S', quantity: 1 })))).body);
    const list = await adminCall(server, session, 'GET', '/api/admin/shop/orders');
    const orders = (list.body as { orders: { orderNumber: string; items: string }[] }).orders;
    const placed = orders.find((entry) => entry.orderNumber === orderNumber);
    expect(parseOrderItems(placed!.items)).toEqual([{ id: hoodie.id, title: hoodie.title, variant: 'S', quantity: 1, price: 4500 }]);
  });

  it('refuses an order when there is not enough stock, with 409 and the line named', async () => {
    await expectRefused(payload(cart({ id: patches.id, variant: 'Set', quantity: 1 })), 409, 'Leider nicht mehr genug auf Lager: Aufnäher-Set der Häuser (Set)');
  });

  it('counts every variant of a product against its one stock', async () => {
    await setStock(hoodie, 3);
    const failure = await expectRefused(
      payload(cart({ id: hoodie.id, variant: 'S', quantity: 2 }, { id: hoodie.id, variant: 'M', quantity: 2 })),
      409,
    );
    expect(failure.error).toBe('Leider nicht mehr genug auf Lager: Kapuzenmantel der Wache (S, M)');
    expect(await stockOf(hoodie.id)).toBe(3);
  });

  it('rolls the whole order back when a later line runs out', async () => {
    await setStock(hoodie, 1);
    const [shirtStock, orders] = [await stockOf(shirt.id), await orderCount()];
    await expectRefused(payload(cart({ id: shirt.id, variant: 'M', quantity: 1 }, { id: hoodie.id, variant: 'M', quantity: 2 })), 409);
    expect([await stockOf(shirt.id), await stockOf(hoodie.id)]).toEqual([shirtStock, 1]);
    expect(await orderCount(), 'the refused order stored').toBe(orders);
  });

  it('sells the last 3 items to exactly 3 of 20 concurrent buyers', async () => {
    await setStock(hoodie, 3);
    const orders = await orderCount();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, buyer) => order({ firstName: `Käufer ${buyer}`, lastName: 'Schnell', items: cart({ id: hoodie.id, variant: 'M', quantity: 1 }) })),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    for (const answer of answers.filter((entry) => entry.status === 409)) {
      expect(answer.body).toEqual({ success: false, error: 'Leider nicht mehr genug auf Lager: Kapuzenmantel der Wache (M)' });
    }
    expect(await stockOf(hoodie.id)).toBe(0);
    expect(await orderCount()).toBe(orders + 3);
    const numbers = answers.filter((entry) => entry.status === 200).map((entry) => orderResponseSchema.parse(entry.body).orderNumber);
    expect(new Set(numbers).size).toBe(3);
  });

  it('refuses unknown and inactive products and unknown variants, naming the line', async () => {
    await expectRefused(payload(cart({ id: 999_999, title: 'Phantom-Umhang', variant: 'M', quantity: 1 })), 400, 'Dieser Artikel ist nicht mehr erhältlich: Phantom-Umhang');
    await expectRefused(payload(cart({ id: 999_998, variant: 'M', quantity: 1 })), 400, 'Dieser Artikel ist nicht mehr erhältlich: Artikel 999998');
    await expectRefused(payload(cart({ id: oldMug.id, variant: 'Standard', quantity: 1 })), 400, 'Dieser Artikel ist nicht mehr erhältlich: Met-Becher (Vorjahr)');
    await expectRefused(payload(cart({ id: shirt.id, variant: 'XXXL', quantity: 1 })), 400, 'Diese Variante gibt es nicht: Haus-Shirt „Game Of Slavs“ (XXXL)');
    await expectRefused(payload(cart({ id: shirt.id, variant: 'm', quantity: 1 })), 400);
  });

  it.each([0, -1, 1.5, 100, '2', '1', null, true, [1], { $gt: 0 }])('refuses the quantity %j', async (quantity) => {
    await expectRefused(payload(cart({ id: shirt.id, variant: 'M', quantity })), 400, 'Die Anzahl muss eine ganze Zahl von 1 bis 99 sein.');
  });

  it.each(['1', 0, -3, 1.5, 99_999_999_999, null, { id: 1 }])('refuses the product id %j', async (id) => {
    await expectRefused(payload(cart({ id, variant: 'M', quantity: 1 })), 400, 'Der Warenkorb enthält einen ungültigen Artikel.');
  });

  it.each([
    [{ lastName: 'Wachnase', items: '[]' }],
    [{ firstName: '   ', lastName: 'Wachnase' }],
    [{ firstName: 'Radka', lastName: '' }],
    [{ firstName: 'Radka', lastName: '\t\n ' }],
    [{ firstName: { first: 'Radka' }, lastName: 'Wachnase' }],
    [{ firstName: ['Radka'], lastName: 'Wachnase' }],
  ])('refuses missing or blank names: %j', async (names) => {
    await expectRefused({ items: cart({ id: shirt.id, variant: 'M', quantity: 1 }), ...names }, 400, 'Bitte Vor- und Nachname eingeben.');
  });

  it('refuses names longer than 100 characters', async () => {
    await expectRefused({ ...payload(cart({ id: shirt.id, variant: 'M', quantity: 1 })), lastName: 'x'.repeat(101) }, 400, 'Vor- und Nachname dürfen höchstens 100 Zeichen lang sein.');
  });

  it.each([undefined, '', '[]', []])('refuses the empty cart %j', async (items) => {
    await expectRefused({ firstName: 'Radka', lastName: 'Wachnase', items }, 400, 'Der Warenkorb ist leer.');
  });

  it('refuses more than 50 lines', async () => {
    const lines = Array.from({ length: 51 }, () => ({ id: shirt.id, variant: 'M', quantity: 1 }));
    await expectRefused(payload(JSON.stringify(lines)), 400, 'Eine Bestellung darf höchstens 50 Positionen enthalten.');
  });

  it('refuses a variant that is missing or not text', async () => {
    for (const variant of [undefined, '', '  ', 7, ['M'], { $ne: '' }]) {
      await expectRefused(payload(cart({ id: shirt.id, variant, quantity: 1 })), 400, 'Bitte wähle für jeden Artikel eine Variante.');
    }
  });

  it.each<[string, unknown, string?]>([
    ['items that are not JSON', payload('das ist kein json'), 'Der Warenkorb ist ungültig.'],
    ['items that are a JSON object', payload('{"id":1,"variant":"M","quantity":1}'), 'Der Warenkorb ist ungültig.'],
    ['items that are a JSON number', payload('42'), 'Der Warenkorb ist ungültig.'],
    ['items as a number', { firstName: 'Radka', lastName: 'Wachnase', items: 42 }, 'Der Warenkorb ist ungültig.'],
    ['a line that is not an object', payload('["Haus-Shirt"]'), 'Der Warenkorb enthält einen ungültigen Artikel.'],
    ['a line whose quantity hides behind __proto__', payload('[{"id":1,"variant":"M","__proto__":{"quantity":1}}]'), 'Die Anzahl muss eine ganze Zahl von 1 bis 99 sein.'],
    ['a body that is a JSON array', [payload('[]')], 'Die Bestellung ist ungültig.'],
    ['a body that is a JSON string', 'Bestellung', undefined],
    ['a huge name', { ...payload('[]'), firstName: 'A'.repeat(200_000) }, 'Vor- und Nachname dürfen höchstens 100 Zeichen lang sein.'],
    ['a huge cart text', payload(`[${'{"id":1,"variant":"M","quantity":1},'.repeat(1500)}{}]`), 'Eine Bestellung darf höchstens 50 Positionen enthalten.'],
  ])('refuses %s', async (_label, body, error) => {
    await expectRefused(body, 400, error);
  });

  it('refuses a body with a __proto__ key, and ignores a constructor.prototype key, polluting nothing', async () => {
    const items = JSON.stringify(cart({ id: shirt.id, variant: 'M', quantity: 1 }));
    const poisoned = `{"__proto__":{"isAdmin":true,"total":1},"firstName":"Radka","lastName":"Wachnase","items":${items}}`;
    const orders = await orderCount();
    const refused = await call(server, 'POST', '/api/shop/orders', { rawBody: poisoned, headers: { 'content-type': 'application/json' } });
    expect(refused.status).toBe(400);
    failureSchema.parse(refused.body);
    expect(await orderCount()).toBe(orders);

    const harmless = `{"firstName":"Radka","lastName":"Wachnase","items":${items},"total":1,"constructor":{"prototype":{"polluted":true}}}`;
    const placed = await call(server, 'POST', '/api/shop/orders', { rawBody: harmless, headers: { 'content-type': 'application/json' } });
    expect(orderResponseSchema.parse(placed.body).total).toBe(2500);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it.each([
    ['malformed JSON', '{"firstName": "Radka", ', 'application/json'],
    ['plain text', 'firstName=Radka', 'text/plain'],
    ['a body over the size limit', JSON.stringify({ firstName: 'x'.repeat(400_000) }), 'application/json'],
  ])('answers %s with a 4xx in the contract shape and no order', async (_label, rawBody, type) => {
    const orders = await orderCount();
    const response = await call(server, 'POST', '/api/shop/orders', { rawBody, headers: { 'content-type': type } });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    failureSchema.parse(response.body);
    expect(await orderCount()).toBe(orders);
  });

  it('refuses every order while the shop is closed', async () => {
    await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'false' } });
    try {
      await expectRefused(payload(cart({ id: shirt.id, variant: 'M', quantity: 1 })), 403, 'Der Shop ist derzeit geschlossen.');
    } finally {
      await adminCall(server, session, 'POST', '/api/admin/settings', { body: { key: 'shop_enabled', value: 'true' } });
    }
    expect((await order(payload(cart({ id: shirt.id, variant: 'M', quantity: 1 })))).status).toBe(200);
  });
});
