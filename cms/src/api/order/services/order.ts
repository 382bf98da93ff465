import { randomInt } from 'node:crypto';
import { factories } from '@strapi/strapi';
import type { Core } from '@strapi/strapi';
import {
  lastEventOf,
  ORDER_MESSAGES,
  type AdminOrder,
  type OrderEvent,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  type OrderItem,
  type OrderStatus,
  type OrderSummary,
  type PackingLine,
} from '../../../contract/orders';
import type { ProductSales } from '../../../contract/products';
import { pageWindow, searchWords, type PageInfo } from '../../../contract/list-query';
import { SHOP_MESSAGES, type OrderLookup, type OrderRequest, type ShopOrder } from '../../../contract/shop';
import { isDuplicateOrderNumber } from '../../../bootstrap/order-number-index';
import { ApiError, badRequest, conflict, notFound } from '../../../http/api-error';
import { toCsv } from '../../../http/csv';
import { euro, germanDateTime } from '../../../http/german-format';
import type { OrderLimits } from '../../../contract/settings';
import { mergeByProduct, type OrderableProduct, type ProductService, type StockLine } from '../../product/services/product';
import { invalidatePublicCache } from '../../../http/public-cache';
import { onPostgres, tableOf } from '../../../utils/database';
import { keptForOrders } from './kept-for-orders';
import { historyOf, orderItems, statusOf, stockLines, type OrderRecord } from './order-record';
import { newOrderToken, tokenMatches } from './order-token';
import { PricedFromChangedRows, storeOrderOnPostgres, type PricedFrom } from './place-order-postgres';
import { sqliteOrderStatements } from './place-order-sqlite';
import { inOneSqliteTurn } from '../../../utils/sqlite-transaction';
import { orderRulesOf } from '../../setting/services/order-rules';
import type { SettingService } from '../../setting/services/setting';

const UID = 'api::order.order';

// The total column is a 32-bit integer on PostgreSQL.
const MAX_TOTAL = 2_147_483_647;

const ORDER_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

// Built once: constructing an Intl.DateTimeFormat costs more than the rest of a new order number.
const berlinDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });

const berlinDay = (date: Date) => berlinDate.format(date).replace(/-/g, '');

// Berlin's day changes on a minute's boundary: the day is worked out once a minute, not per order
// (formatting a date in a time zone was 1.3 % of the cms's time under orders on PostgreSQL).
let dayOfMinute = { minute: Number.NaN, day: '' };
function berlinToday() {
  const now = Date.now();
  const minute = Math.floor(now / 60_000);
  if (minute !== dayOfMinute.minute) dayOfMinute = { minute, day: berlinDay(new Date(now)) };
  return dayOfMinute.day;
}

/** Readable on a packing list and over the phone: GOS-20250724-K7QX9M. */
const newOrderNumber = () =>
  `GOS-${berlinToday()}-${Array.from({ length: 6 }, () => ORDER_NUMBER_ALPHABET[randomInt(ORDER_NUMBER_ALPHABET.length)]).join('')}`;


/** Who set a mark and when, for a refusal: "Already handed over by orga on 24.07.2025, 14:05." */
const whoAndWhen = (event: OrderEvent | undefined): [string, string] => (event ? [event.by, germanDateTime(event.at)] : ['someone', 'an earlier day']);

/** When the order was handed over: the hand-over's event, else the last change of its status to delivered. */
const handedOverEvent = (history: OrderEvent[]) =>
  lastEventOf(history, 'handed-over') ?? [...history].reverse().find((event) => event.action === 'status' && event.to === 'delivered');

/** The order page's view: the shopper's own lines, status and marks, nothing of the organisers. */
function toShopOrder(order: OrderRecord): ShopOrder {
  const history = historyOf(order);
  const status = statusOf(order);
  return {
    orderNumber: order.orderNumber,
    createdAt: new Date(order.createdAt).toISOString(),
    status,
    firstName: order.firstName,
    lines: orderItems(order).map(({ title, variant, quantity, price }) => ({ title, variant, quantity, price })),
    total: order.total,
    paidAt: lastEventOf(history, 'paid')?.at ?? null,
    handedOverAt: status === 'delivered' ? (handedOverEvent(history)?.at ?? null) : null,
  };
}

const toAdminOrder = (order: OrderRecord): AdminOrder => ({
  id: order.id,
  orderNumber: order.orderNumber,
  firstName: order.firstName,
  lastName: order.lastName,
  createdAt: new Date(order.createdAt).toISOString(),
  status: statusOf(order),
  items: JSON.stringify(orderItems(order)),
  total: order.total,
});

/** Packing order: by title, then the variants in the product's own order (S, M, L), unknown ones last. */
function byTitleAndVariant(variantsOf: (productId: number) => string[]) {
  const rank = (line: PackingLine) => {
    const index = variantsOf(line.productId).indexOf(line.variant);
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  };
  return (a: PackingLine, b: PackingLine) =>
    a.title.localeCompare(b.title, 'de') || a.productId - b.productId || rank(a) - rank(b) || a.variant.localeCompare(b.variant, 'de');
}

/** The caps on units (DECISIONS §9), checked on the merged lines: splitting a line gains nothing. */
function checkUnits(items: OrderItem[], { maxUnitsPerLine, maxUnitsPerOrder }: OrderLimits) {
  const tooMany = items.find((item) => item.quantity > maxUnitsPerLine);
  if (tooMany) throw badRequest(SHOP_MESSAGES.tooManyUnitsPerLine(maxUnitsPerLine, tooMany.title, tooMany.variant));
  const units = items.reduce((sum, item) => sum + item.quantity, 0);
  if (units > maxUnitsPerOrder) throw badRequest(SHOP_MESSAGES.tooManyUnitsPerOrder(maxUnitsPerOrder));
}

const productIds = (request: OrderRequest) => [...new Set(request.items.map((line) => line.id))];

/** What an order on PostgreSQL was priced from, and whether any of it was kept from earlier reads. */
type Basis = PricedFrom & { fromMemory: boolean };

// Calls of gos_place_order for one order when what it was priced from keeps changing: from kept
// values, then twice from fresh reads (each a change committed between the read and the call).
// The shopper is asked to try again (409) only when the shop changed under the last of them too.
const MAX_PLACE_CALLS = 3;

/** The cart with the catalogue's titles and prices; refuses unknown or inactive products and unknown variants. */
function priceCart(lines: OrderRequest['items'], catalogue: Map<number, OrderableProduct>): OrderItem[] {
  const items = new Map<string, OrderItem>();
  for (const line of lines) {
    const product = catalogue.get(line.id);
    if (!product || !product.isActive) throw badRequest(SHOP_MESSAGES.unavailable(product?.title ?? line.title ?? `Artikel ${line.id}`));
    if (!product.variants.includes(line.variant)) throw badRequest(SHOP_MESSAGES.unknownVariant(product.title, line.variant));
    const key = JSON.stringify([line.id, line.variant]);
    const same = items.get(key);
    if (same) same.quantity += line.quantity;
    else items.set(key, { id: product.id, title: product.title, variant: line.variant, quantity: line.quantity, price: product.price });
  }
  return [...items.values()];
}

/** The cart priced from the catalogue and checked against the caps on units and total. */
function priceOrder(request: OrderRequest, limits: OrderLimits, catalogue: Map<number, OrderableProduct>) {
  const items = priceCart(request.items, catalogue);
  checkUnits(items, limits);
  const total = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  if (total > MAX_TOTAL) throw badRequest(SHOP_MESSAGES.orderTooLarge);
  return { items, total };
}

const orderLimit = ({ maxOrdersPerClient, windowMinutes }: OrderLimits) => ({ max: maxOrdersPerClient, windowSeconds: windowMinutes * 60 });

// One client's units of one product, over the window of orders per client.
const productUnitsLimit = ({ maxUnitsPerProduct, windowMinutes }: OrderLimits) => ({ max: maxUnitsPerProduct, windowSeconds: windowMinutes * 60 });

const tooManyUnitsOfProduct = ({ maxUnitsPerProduct, windowMinutes }: OrderLimits, line: StockLine) =>
  SHOP_MESSAGES.tooManyUnitsOfProduct(maxUnitsPerProduct, windowMinutes, line.title);

/**
 * Places the order under a new number: one repeats an earlier one about once in a billion orders
 * of a day; the unique index refuses it and the order is placed again, with another.
 */
async function withNewOrderNumber<T>(place: (orderNumber: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await place(newOrderNumber());
    } catch (error) {
      if (attempt < 3 && isDuplicateOrderNumber(error)) continue;
      throw error;
    }
  }
}

const orderService = ({ strapi }: { strapi: Core.Strapi }) => {
  const documents = () => strapi.documents(UID);
  const products = () => strapi.service('api::product.product') as ProductService;
  const settings = () => strapi.service('api::setting.setting') as SettingService;
  const kept = keptForOrders(strapi);
  const sqliteStatements = sqliteOrderStatements(strapi);

  const findRecord = async (id: number) => {
    const order = (await documents().findFirst({ filters: { id } })) as OrderRecord | null;
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    return order;
  };

  // The token's hash stays in the database: webhooks set up in the panel hear of the order without it.
  function announceCreated({ tokenHash: _kept, ...order }: OrderRecord) {
    strapi.eventHub
      .emit('entry.create', { model: strapi.getModel(UID).modelName, uid: UID, entry: order })
      .catch((error: unknown) => strapi.log.error(`The event for order ${order.orderNumber} failed: ${String(error)}`));
  }

  /**
   * On SQLite the order is read, counted, priced, stored and its stock taken in one transaction
   * that better-sqlite3 runs in one turn of the event loop (place-order-sqlite.ts): the
   * connection, SQLite's only one, is held for the statements alone, not across the awaits of
   * other requests' work (docs/decisions/019). The refusals come in the order a shopper meets
   * them: shop closed (403), too many orders (429), the cart (400), too many units of a product
   * (429), the stock (409), and each
   * takes everything back. Its event goes out after the commit, so webhooks set up in the panel
   * hear of every order, and only of committed ones.
   */
  function placeInOneTurn(request: OrderRequest, clientIp: string) {
    return withNewOrderNumber(async (orderNumber) => {
      const { token, tokenHash } = newOrderToken();
      const { order, stored } = await inOneSqliteTurn(strapi, (database) => {
        const statements = sqliteStatements(database);
        const { shopEnabled, limits } = orderRulesOf(statements.ruleValues());
        if (!shopEnabled) throw new ApiError(403, SHOP_MESSAGES.shopClosed);
        if (statements.countOrder(clientIp, orderLimit(limits)) > limits.maxOrdersPerClient) {
          throw new ApiError(429, SHOP_MESSAGES.tooManyOrders(limits.maxOrdersPerClient, limits.windowMinutes));
        }
        const { items, total } = priceOrder(request, limits, statements.products(productIds(request)));
        // Lines merged per product, so that a product's variants count against its one stock and its one cap per client.
        const lines = mergeByProduct(stockLines(items));
        const tooMany = statements.countProductUnits(clientIp, lines, productUnitsLimit(limits));
        if (tooMany) throw new ApiError(429, tooManyUnitsOfProduct(limits, tooMany));
        const toStore = { orderNumber, tokenHash, firstName: request.firstName, lastName: request.lastName, items, total };
        const created = statements.insertOrder(toStore);
        const short = statements.takeStock(lines);
        if (short) throw conflict(SHOP_MESSAGES.outOfStock(short.title, short.variant));
        return { order: toStore, stored: created };
      });
      invalidatePublicCache();
      const { id, documentId, at } = stored;
      announceCreated({ ...order, id, documentId, status: 'pending', createdAt: at, updatedAt: at });
      return { orderNumber, total: order.total, token };
    });
  }

  /**
   * What an order on PostgreSQL is priced from: the rules, then (if the shop is open) the cart's
   * products, each from what this instance kept when useKept, else read now and kept.
   * `fromMemory` says whether anything kept was used.
   */
  async function pricingBasis(ids: number[], useKept: boolean): Promise<Basis> {
    const readSince = kept.readStarts();
    const keptRules = useKept ? kept.rules() : undefined;
    const basis: Basis = { settings: keptRules ?? (await settings().readOrderRuleValues()), catalogue: new Map(), fromMemory: keptRules !== undefined };
    if (!keptRules) kept.keepRules(basis.settings, readSince);
    if (!orderRulesOf(basis.settings).shopEnabled) return basis;

    const toRead: number[] = [];
    for (const id of ids) {
      const keptProduct = useKept ? kept.product(id) : undefined;
      if (keptProduct) {
        basis.catalogue.set(id, keptProduct);
        basis.fromMemory = true;
      } else toRead.push(id);
    }
    if (toRead.length > 0) {
      const found = await products().findForOrderAsStored(toRead);
      kept.keepProducts(found.values(), readSince);
      for (const [id, product] of found) basis.catalogue.set(id, product);
    }
    return basis;
  }

  /**
   * The order priced as on SQLite, from pricingBasis. A refusal priced from kept values is not
   * trusted (the shop may have opened since, the product come back): the order is priced again
   * from fresh reads, and that answer stands.
   */
  async function priceOnPostgres(request: OrderRequest, useKept: boolean) {
    const basis = await pricingBasis(productIds(request), useKept);
    try {
      const { shopEnabled, limits } = orderRulesOf(basis.settings);
      if (!shopEnabled) throw new ApiError(403, SHOP_MESSAGES.shopClosed);
      return { ...priceOrder(request, limits, basis.catalogue), limits, pricedFrom: basis };
    } catch (error) {
      if (basis.fromMemory && error instanceof ApiError) return priceOnPostgres(request, false);
      throw error;
    }
  }

  /**
   * On PostgreSQL one function call counts the order, checks what it was priced from against
   * the rows, stores it and takes its stock, all or nothing (place-order-postgres.ts). Priced
   * from kept values, that is one round trip per order; when the call finds a setting or product
   * changed, everything kept is forgotten and the order is priced and placed again from fresh
   * reads, so it is answered as if nothing had been kept (docs/decisions/018). A cart refused by
   * its prices or caps is refused before it counts.
   */
  async function placeInOneCall(request: OrderRequest, clientIp: string) {
    for (let call = 1; ; call++) {
      const { items, total, limits, pricedFrom } = await priceOnPostgres(request, call === 1);
      try {
        return await withNewOrderNumber(async (orderNumber) => {
          const { token, tokenHash } = newOrderToken();
          const order = { orderNumber, tokenHash, firstName: request.firstName, lastName: request.lastName, items, total };
          const stored = await storeOrderOnPostgres(strapi, order, mergeByProduct(stockLines(items)), {
            client: clientIp,
            limit: orderLimit(limits),
            maxUnitsPerProduct: limits.maxUnitsPerProduct,
            refusals: {
              tooManyOrders: SHOP_MESSAGES.tooManyOrders(limits.maxOrdersPerClient, limits.windowMinutes),
              tooManyUnitsOfProduct: (line) => tooManyUnitsOfProduct(limits, line),
              outOfStock: (line) => SHOP_MESSAGES.outOfStock(line.title, line.variant),
            },
            pricedFrom,
          });
          invalidatePublicCache();
          const { id, documentId, at } = stored;
          announceCreated({ ...order, id, documentId, status: 'pending', createdAt: at, updatedAt: at });
          return { orderNumber, total, token };
        });
      } catch (error) {
        if (!(error instanceof PricedFromChangedRows)) throw error;
        kept.forget();
        if (call === MAX_PLACE_CALLS) throw conflict(SHOP_MESSAGES.changedMeanwhile);
      }
    }
  }

  /**
   * Moves the order from one status to another only if it still has the status read before, so
   * two organisers changing it at once cannot both return (or take) its stock.
   */
  async function switchStatusIfStill(id: number, from: OrderStatus | null, to: OrderStatus) {
    const { name, column } = tableOf(strapi, UID);
    const updated = await strapi.db.transaction(({ trx }) => {
      const rows = strapi.db.getConnection(name).transacting(trx).where(column('id'), id);
      return (from === null ? rows.whereNull(column('status')) : rows.where(column('status'), from)).update({
        [column('status')]: to,
        [column('updatedAt')]: new Date(),
      });
    });
    if (Number(updated) !== 1) throw conflict(ORDER_MESSAGES.changedMeanwhile);
  }

  /**
   * Adds an event to the order's history, inside the caller's transaction, after the caller's
   * write to the row: on PostgreSQL that write holds the row's lock until the commit, so two
   * events never read the same history and one of them get lost.
   */
  async function recordEvent(id: number, event: OrderEvent) {
    const order = (await strapi.db.query(UID).findOne({ where: { id }, select: ['id', 'history'] })) as Pick<OrderRecord, 'history'> | null;
    if (!order) throw notFound(ORDER_MESSAGES.notFound);
    await strapi.db.query(UID).update({ where: { id }, data: { history: [...historyOf(order), event] } });
  }

  /** Locks the order's row until the transaction ends (a write of its own updatedAt) and answers it as it is now. */
  async function lockedRecord(id: number): Promise<OrderRecord> {
    const { name, column } = tableOf(strapi, UID);
    const touched = await strapi.db.transaction(({ trx }) =>
      strapi.db.getConnection(name).transacting(trx).where(column('id'), id).update({ [column('updatedAt')]: new Date() }),
    );
    if (Number(touched) !== 1) throw notFound(ORDER_MESSAGES.notFound);
    return findRecord(id);
  }

  /**
   * Sets delivered only if the order is neither delivered nor cancelled yet, in one conditional
   * UPDATE: of two organisers handing the same order over at once, the database lets exactly one
   * change the row; the other's UPDATE changes none and is told who was first.
   */
  async function handOverIfOpen(id: number, by: string): Promise<void> {
    const { name, column } = tableOf(strapi, UID);
    await strapi.db.transaction(async ({ trx }) => {
      const before = await findRecord(id);
      const at = new Date();
      const status = column('status');
      const updated = await strapi.db
        .getConnection(name)
        .transacting(trx)
        .where(column('id'), id)
        .where((rows) => rows.whereNull(status).orWhereNotIn(status, ['delivered', 'cancelled']))
        .update({ [status]: 'delivered', [column('updatedAt')]: at });
      if (Number(updated) === 1) {
        await recordEvent(id, { action: 'handed-over', at: at.toISOString(), by, from: statusOf(before), to: 'delivered' });
        return;
      }
      const now = await findRecord(id);
      if (statusOf(now) === 'cancelled') throw conflict(ORDER_MESSAGES.cancelledNotHandedOver);
      throw conflict(ORDER_MESSAGES.alreadyHandedOver(...whoAndWhen(handedOverEvent(historyOf(now)))));
    });
  }

  /** The orders tab's cards, counted by the database, so they cost the same with 50 orders or 5,000. */
  const orderSummary = async (): Promise<OrderSummary> => {
    const dayAgo = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const [count, recent, revenue] = await Promise.all([
      strapi.db.query(UID).count({}),
      strapi.db.query(UID).count({ where: { createdAt: { $gte: dayAgo } } }),
      strapi.db
        .connection(tableOf(strapi, UID).name)
        // A missing status counts as pending (SPEC §4), and NULL <> 'cancelled' is not true in SQL.
        .where((rows) => rows.whereNot('status', 'cancelled').orWhereNull('status'))
        .sum({ revenue: 'total' })
        .first() as Promise<{ revenue: number | string | null } | undefined>,
    ]);
    return { count, recent, revenue: Number(revenue?.revenue ?? 0) };
  };

  /**
   * Units per product and variant over every order that is not cancelled. Only the items column
   * of those orders is read, and summed here: the lines are JSON, which SQLite and PostgreSQL
   * take apart differently.
   */
  async function unitsOrdered(): Promise<{ orders: number; units: PackingLine[] }> {
    const rows = (await strapi.db
      .connection(tableOf(strapi, UID).name)
      .select('items')
      .where((where) => where.whereNot('status', 'cancelled').orWhereNull('status'))) as { items: unknown }[];
    const units = new Map<string, PackingLine>();
    for (const row of rows) {
      for (const item of orderItems(row as OrderRecord)) {
        const key = JSON.stringify([item.id, item.variant]);
        const line = units.get(key);
        if (line) line.units += item.quantity;
        else units.set(key, { productId: item.id, title: item.title, variant: item.variant, units: item.quantity });
      }
    }
    return { orders: rows.length, units: [...units.values()] };
  }

  /** The units ordered, in packing order; a product renamed since shows under its current title. */
  async function packingList(): Promise<{ orders: number; lines: PackingLine[] }> {
    const { orders, units } = await unitsOrdered();
    const catalogue = await products().findForOrder([...new Set(units.map((line) => line.productId))]);
    const lines = units.map((line) => ({ ...line, title: catalogue.get(line.productId)?.title ?? line.title }));
    lines.sort(byTitleAndVariant((productId) => catalogue.get(productId)?.variants ?? []));
    return { orders, lines };
  }

  return {
    packingList,

    /** packing-list.csv: the packing list as a spreadsheet, formulas neutralised by toCsv. */
    async packingListCsv(): Promise<string> {
      const { lines } = await packingList();
      return toCsv(
        ['product', 'variant', 'units'],
        lines.map((line) => [line.title, line.variant, line.units]),
      );
    },

    /** Every product of the catalogue with the units its orders that are not cancelled hold, and its stock. */
    async productSales(): Promise<ProductSales[]> {
      // The catalogue is read once, for titles and stock alike; the packing order is not needed here.
      const [{ units }, catalogue] = await Promise.all([unitsOrdered(), products().listAdmin()]);
      const sold = new Map<number, number>();
      for (const line of units) sold.set(line.productId, (sold.get(line.productId) ?? 0) + line.units);
      return catalogue.map((product) => ({
        id: product.id,
        title: product.title,
        unitsSold: sold.get(product.id) ?? 0,
        stockLeft: product.availableQuantity,
        isActive: product.isActive,
      }));
    },

    async detail(id: number): Promise<AdminOrderDetail> {
      const order = await findRecord(id);
      return {
        ...toAdminOrder(order),
        updatedAt: new Date(order.updatedAt ?? order.createdAt).toISOString(),
        lines: orderItems(order),
        history: historyOf(order),
      };
    },

    /** The pickup desk's look-up by the number on the shopper's page; the id for detail(). */
    async idOfNumber(orderNumber: string): Promise<number> {
      const order = (await strapi.db.query(UID).findOne({ where: { orderNumber }, select: ['id'] })) as { id: number } | null;
      if (!order) throw notFound(ORDER_MESSAGES.notFound);
      return order.id;
    },

    /**
     * The order page's read: the order of that number if the token is its own, else null, the
     * same for an unknown number and a wrong token (tokenMatches compares in constant time).
     */
    async findForShopper({ orderNumber, t }: OrderLookup): Promise<ShopOrder | null> {
      const order = (await strapi.db.query(UID).findOne({ where: { orderNumber } })) as OrderRecord | null;
      return tokenMatches(t, order?.tokenHash) && order ? toShopOrder(order) : null;
    },

    handOver: handOverIfOpen,

    /** The paid-at-the-stand mark, once per order; a cancelled order refuses it. */
    async markPaid(id: number, by: string): Promise<void> {
      await strapi.db.transaction(async () => {
        const order = await lockedRecord(id);
        if (statusOf(order) === 'cancelled') throw conflict(ORDER_MESSAGES.cancelledNotPaid);
        const paid = lastEventOf(historyOf(order), 'paid');
        if (paid) throw conflict(ORDER_MESSAGES.alreadyPaid(...whoAndWhen(paid)));
        await recordEvent(id, { action: 'paid', at: new Date().toISOString(), by });
      });
    },

    /**
     * Places an order: counted against the client's limit, prices from the database, stock taken
     * atomically, the order stored, all in one transaction, so a refused order leaves neither an
     * order, a changed stock nor a count behind.
     */
    async place(request: OrderRequest, clientIp: string): Promise<{ orderNumber: string; total: number; token: string }> {
      return onPostgres(strapi) ? placeInOneCall(request, clientIp) : placeInOneTurn(request, clientIp);
    },

    /** One page of orders by status and search (order number, first or last name), with the tab's summary. */
    async listAdminPage(query: AdminOrdersQuery): Promise<{ orders: AdminOrder[]; summary: OrderSummary } & PageInfo> {
      const words = searchWords(query.search).map((word) => ({
        $or: [{ orderNumber: { $containsi: word } }, { firstName: { $containsi: word } }, { lastName: { $containsi: word } }],
      }));
      const status = query.status === 'pending' ? { $or: [{ status: 'pending' }, { status: { $null: true } }] } : query.status ? { status: query.status } : {};
      const where = { $and: [status, ...words] };
      const order = query.order ?? (query.sort === undefined ? 'desc' : 'asc');
      const rows = strapi.db.query(UID);
      const [found, total, summary] = await Promise.all([
        rows.findMany({ where, orderBy: [{ [query.sort ?? 'createdAt']: order }, { id: order }], ...pageWindow(query) }),
        rows.count({ where }),
        orderSummary(),
      ]);
      return { orders: (found as OrderRecord[]).map(toAdminOrder), page: query.page, pageSize: query.pageSize, total, summary };
    },

    async listAdmin(): Promise<AdminOrder[]> {
      const orders = await documents().findMany({ sort: [{ createdAt: 'desc' }, { id: 'desc' }] });
      return (orders as OrderRecord[]).map(toAdminOrder);
    },

    /** Cancelling returns the order's stock; leaving cancelled takes it again (409 if it is gone). */
    async changeStatus(id: number, status: OrderStatus, by: string): Promise<AdminOrder> {
      await strapi.db.transaction(async () => {
        const order = await findRecord(id);
        const from = statusOf(order);
        if (from === status) return;
        await switchStatusIfStill(id, order.status, status);
        await recordEvent(id, { action: 'status', at: new Date().toISOString(), by, from, to: status });
        const lines = stockLines(orderItems(order));
        if (status === 'cancelled') await products().putBackStock(lines);
        else if (from === 'cancelled') {
          await products().takeStock(lines, (line) => ORDER_MESSAGES.outOfStock(line.title, line.variant));
        }
      });
      return toAdminOrder(await findRecord(id));
    },

    // Deleting an order that is not cancelled leaves the stock alone: its goods count as gone.
    // Organisers who want the units back cancel the order first.
    async remove(id: number): Promise<void> {
      const order = await findRecord(id);
      await documents().delete({ documentId: order.documentId });
    },

    /** orders.csv for packing: newest first, formulas neutralised by toCsv. */
    async exportCsv(): Promise<string> {
      const orders = (await documents().findMany({ sort: [{ createdAt: 'desc' }, { id: 'desc' }] })) as OrderRecord[];
      const mark = (event: OrderEvent | undefined) => (event ? `${germanDateTime(event.at)} ${event.by}` : '');
      return toCsv(
        ['order number', 'date', 'name', 'items', 'total', 'status', 'paid', 'handed over', 'history'],
        orders.map((order) => [
          order.orderNumber,
          germanDateTime(order.createdAt),
          `${order.firstName} ${order.lastName}`,
          orderItems(order)
            .map((item) => `${item.quantity} × ${item.title} (${item.variant})`)
            .join('; '),
          euro(order.total),
          statusOf(order),
          mark(lastEventOf(historyOf(order), 'paid')),
          statusOf(order) === 'delivered' ? mark(handedOverEvent(historyOf(order))) : '',
          historyOf(order)
            .map((event) => `${germanDateTime(event.at)} ${event.by}: ${event.action === 'status' ? `${event.from} → ${event.to}` : event.action}`)
            .join('; '),
        ]),
      );
    },
  };
};

export type OrderService = ReturnType<typeof orderService>;

export default factories.createCoreService(UID, orderService);
