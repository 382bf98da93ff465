import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminOrdersResponseSchema, parseOrderItems } from '../../src/contract/orders';
import { adminProductsResponseSchema } from '../../src/contract/products';
import { orderResponseSchema } from '../../src/contract/shop';
import { adminCall, call, signIn } from '../helpers/api-client';
import { allowManyOrders } from '../helpers/order-limits';
import { createTestWorkspace, startTestProcess, type TestProcess } from '../helpers/strapi';
import { removeDir, type TestDatabase } from '../helpers/test-database';
import { reportFigures, type Figures } from '../helpers/figures';

// The cms is killed with SIGKILL while several clients keep ordering, then started again on the
// same database. Whatever the moment, an order is all or nothing: every acknowledged order is
// stored as answered, nothing refused is stored, and stock plus ordered units is what it was.

const CLIENTS = 6;
// The patches sell out during the stream, so refused orders are part of it too.
const STOCK: Record<string, number> = {
  'Haus-Shirt „Game Of Slavs“': 400,
  'Kapuzenmantel der Wache': 300,
  'Aufnäher-Set der Häuser': 40,
};

type Line = { id: number; variant: string; quantity: number };
type Outcome =
  | { kind: 'stored'; orderNumber: string; total: number }
  | { kind: 'refused'; status: number; error: unknown }
  | { kind: 'unanswered' };
type Attempt = { name: string; lines: Line[]; outcome?: Outcome };
type Product = { id: number; title: string; variants: string[] };

describe('a crash in the middle of a stream of orders', () => {
  let database: TestDatabase;
  let workDir: string;
  let env: Record<string, string>;
  let cms: TestProcess | undefined;
  const products: Product[] = [];
  const startingStock = new Map<number, number>();
  const attempts: Attempt[] = [];
  const kills: Figures[] = [];

  /** Deterministic but varied carts: one or two products, one to three units each. */
  const cartFor = (n: number): Line[] => {
    const first = products[n % products.length];
    const lines = [{ id: first.id, variant: first.variants[n % first.variants.length], quantity: 1 + (n % 3) }];
    if (n % 2 === 1) {
      const second = products[(n + 1) % products.length];
      lines.push({ id: second.id, variant: second.variants[0], quantity: 1 + ((n >> 1) % 3) });
    }
    return lines;
  };

  async function place(server: TestProcess, attempt: Attempt) {
    try {
      const response = await call(server, 'POST', '/api/shop/orders', {
        body: { firstName: 'Absturz', lastName: attempt.name, items: JSON.stringify(attempt.lines) },
      });
      if (response.status === 200) {
        const { orderNumber, total } = orderResponseSchema.parse(response.body);
        attempt.outcome = { kind: 'stored', orderNumber, total };
      } else {
        attempt.outcome = { kind: 'refused', status: response.status, error: response.body };
      }
    } catch {
      // The connection died with the process: the order may or may not have been committed.
      attempt.outcome = { kind: 'unanswered' };
    }
  }

  /**
   * Keeps CLIENTS clients ordering until the moment comes (a number of orders answered with
   * success in this run, or a time), then kills the cms with SIGKILL while the other clients
   * are still waiting for answers. Returns how many requests were on their way at the kill.
   */
  async function orderUntilKilled(server: TestProcess, moment: { acknowledged: number } | { afterMs: number }) {
    let confirmed = 0;
    let killed: Promise<number> | undefined;
    const inFlight = new Set<Attempt>();
    const kill = () => {
      if (killed) return;
      const size = inFlight.size;
      killed = server.kill().then(() => size);
    };
    const timer = 'afterMs' in moment ? setTimeout(kill, moment.afterMs) : undefined;
    const client = async () => {
      while (!killed) {
        const attempt: Attempt = { name: `Auftrag ${attempts.length}`, lines: cartFor(attempts.length) };
        attempts.push(attempt);
        inFlight.add(attempt);
        await place(server, attempt);
        inFlight.delete(attempt);
        if (attempt.outcome?.kind === 'stored' && 'acknowledged' in moment && ++confirmed === moment.acknowledged) kill();
      }
    };
    try {
      await Promise.all(Array.from({ length: CLIENTS }, client));
      return await killed!;
    } finally {
      clearTimeout(timer);
    }
  }

  async function restart() {
    cms = await startTestProcess(database, workDir, env);
    return cms;
  }

  /** Reads back what the restarted cms has stored and checks it against every answer given. */
  async function expectConsistent(server: TestProcess) {
    const session = await signIn(server);
    const ordersResponse = await adminCall(server, session, 'GET', '/api/admin/shop/orders');
    const stored = adminOrdersResponseSchema.parse(ordersResponse.body).orders.filter((order) => order.firstName === 'Absturz');
    const storedByName = new Map(stored.map((order) => [order.lastName, order]));
    expect(storedByName.size).toBe(stored.length);
    const byName = new Map(attempts.map((attempt) => [attempt.name, attempt]));

    for (const attempt of attempts) {
      const order = storedByName.get(attempt.name);
      if (attempt.outcome?.kind === 'stored') {
        // Acknowledged means stored, exactly as answered.
        expect(order, attempt.name).toBeDefined();
        expect(order!.orderNumber).toBe(attempt.outcome.orderNumber);
        expect(order!.total).toBe(attempt.outcome.total);
      } else if (attempt.outcome?.kind === 'refused') {
        // The only refusal in this stream is the spec's out-of-stock answer, never a 500.
        expect(attempt.outcome.status, attempt.name).toBe(409);
        expect(attempt.outcome.error).toEqual({ success: false, error: expect.stringMatching(/^Leider nicht mehr genug auf Lager: /) });
        expect(order, `${attempt.name} was refused but stored`).toBeUndefined();
      }
    }
    for (const order of stored) {
      // Nothing stored that was not asked for, and each order holds the units its request asked for.
      const attempt = byName.get(order.lastName);
      expect(attempt, order.lastName).toBeDefined();
      expect(attempt!.outcome?.kind).not.toBe('refused');
      const units = parseOrderItems(order.items).map((item) => [item.id, item.variant, item.quantity]);
      expect(units.sort()).toEqual(attempt!.lines.map((line) => [line.id, line.variant, line.quantity]).sort());
    }

    const productsResponse = await adminCall(server, session, 'GET', '/api/admin/shop/items');
    const stockNow = new Map(adminProductsResponseSchema.parse(productsResponse.body).items.map((item) => [item.id, item.availableQuantity]));
    for (const [id, starting] of startingStock) {
      const ordered = stored.flatMap((order) => parseOrderItems(order.items)).filter((item) => item.id === id).reduce((sum, item) => sum + item.quantity, 0);
      expect(stockNow.get(id)! + ordered, `stock of product ${id}`).toBe(starting);
    }
    return {
      lost: attempts.filter((attempt) => attempt.outcome?.kind === 'stored' && !storedByName.has(attempt.name)).length,
      stored: stored.length,
      acknowledged: attempts.filter((attempt) => attempt.outcome?.kind === 'stored').length,
      stockRefusals: attempts.filter((attempt) => attempt.outcome?.kind === 'refused').length,
      unanswered: attempts.filter((attempt) => attempt.outcome?.kind === 'unanswered').length,
    };
  }

  beforeAll(async () => {
    ({ database, workDir, env } = await createTestWorkspace());
    const server = await restart();
    const session = await signIn(server);
    // The clients all order from 127.0.0.1, far more often than a shopper may (order-abuse.test.ts).
    await allowManyOrders(server, session);
    const items = adminProductsResponseSchema.parse((await adminCall(server, session, 'GET', '/api/admin/shop/items')).body).items;
    for (const [title, stock] of Object.entries(STOCK)) {
      const item = items.find((entry) => entry.title === title)!;
      const form = new FormData();
      form.set('availableQuantity', String(stock));
      form.set('isActive', 'true');
      const updated = await adminCall(server, session, 'PUT', `/api/admin/shop/items/${item.id}`, { rawBody: form });
      expect(updated.status).toBe(200);
      products.push({ id: item.id, title, variants: item.variants });
      startingStock.set(item.id, stock);
    }
  });
  afterAll(async () => {
    if (database) reportFigures('crash-safety', database.client, Object.fromEntries(kills.map((figures, n) => [`kill ${n + 1}`, figures])));
    await cms?.kill();
    await database?.drop();
    if (workDir) await removeDir(workDir);
  });

  it.each<[string, { acknowledged: number } | { afterMs: number }, { soldOut: boolean }]>([
    ['early, right after the 5th acknowledged order', { acknowledged: 5 }, { soldOut: false }],
    ['at a moment chosen by time, not by an answer', { afterMs: 700 }, { soldOut: false }],
    ['later, after 40 more acknowledged orders, with one product sold out', { acknowledged: 40 }, { soldOut: true }],
  ])('keeps every acknowledged order and the stock balanced when killed %s', async (_moment, moment, { soldOut }) => {
    const acknowledgedBefore = attempts.filter((attempt) => attempt.outcome?.kind === 'stored').length;
    const inFlightAtKill = await orderUntilKilled(cms!, moment);
    // Meaningful only if the kill caught orders on their way.
    expect(inFlightAtKill).toBeGreaterThan(0);

    const figures = await expectConsistent(await restart());
    if ('acknowledged' in moment) expect(figures.acknowledged - acknowledgedBefore).toBeGreaterThanOrEqual(moment.acknowledged);
    expect(figures.stored - figures.acknowledged).toBeLessThanOrEqual(figures.unanswered);
    if (soldOut) expect(figures.stockRefusals).toBeGreaterThan(0);
    kills.push({ ...figures, inFlightAtKill, attempts: attempts.length });

    // The restarted cms takes orders again (of the shirt, which is not sold out).
    const next: Attempt = { name: `Auftrag ${attempts.length}`, lines: [{ id: products[0].id, variant: products[0].variants[0], quantity: 1 }] };
    attempts.push(next);
    await place(cms!, next);
    expect(next.outcome?.kind).toBe('stored');
  }, 120_000);

  // What lets SQLite take orders at the bench's pace while keeping them (cms/config/database.ts):
  // the log is in the file itself, so any process opening it sees the mode.
  it.runIf(process.env.DATABASE_CLIENT !== 'postgres')('keeps the SQLite database in write-ahead logging', () => {
    type Sqlite = { pragma(sql: string, options: { simple: true }): unknown; close(): void };
    const Database = createRequire(import.meta.url)('better-sqlite3') as new (file: string, options: { readonly: boolean }) => Sqlite;
    const file = new Database(env.DATABASE_FILENAME, { readonly: true });
    try {
      expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      file.close();
    }
  });
});
