import type { Core } from '@strapi/strapi';
import { ORDER_MESSAGES, SYSTEM_ACTOR, type OrderEvent, type OrderStatus } from '../contract/orders';
import { ApiError } from '../http/api-error';
import { DataRuleError } from '../http/data-rule-error';
import { historyOf, orderItems, statusOf, stockLines, type OrderRecord } from '../api/order/services/order-record';
import type { ProductService } from '../api/product/services/product';
import { tableOf } from '../utils/database';

// An order's status changes by the same rules through every door (docs/decisions/043): the
// Query Engine's lifecycles, which the Super Admin's content manager, the Document Service and
// strapi.db.query all pass. Our order service moves a status with conditional UPDATEs of its
// own and appends its event in a write that carries `history`; a write carrying `history`
// has recorded itself and is left alone. Any other write that changes a status gets the
// service's rules: cancelling puts the stock back and reopening takes it again, and the change
// is recorded, by whom and when. Like the dashboard's select, any status may follow any other
// (SPEC §4); only the pickup desk's hand-over refuses a cancelled order.

const ORDER = 'api::order.order';

type Data = Record<string, unknown>;
type RequestState = { user?: { username?: string | null; firstname?: string | null; lastname?: string | null }; admin?: { username?: string }; auth?: { strategy?: { name?: string } } };

const refuse = (message: string): never => {
  throw new DataRuleError([{ field: 'status', message }]);
};

/** Who makes the write: the organiser or panel user of the request, else the system. */
export function actorOf(state: RequestState | undefined): string {
  if (state?.admin?.username) return state.admin.username;
  const user = state?.user;
  const name = user?.username || [user?.firstname, user?.lastname].filter(Boolean).join(' ');
  if (!name) return SYSTEM_ACTOR;
  return state?.auth?.strategy?.name === 'admin' ? `${name} (Panel)` : name;
}

/** The status a write sets, or undefined when it leaves the status alone or records its own event. */
function statusWritten(data: unknown): OrderStatus | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
  const fields = data as Data;
  if (fields.history !== undefined || fields.status === undefined || fields.status === null) return undefined;
  // A value outside the enumeration is Strapi's own validation's to refuse.
  return fields.status as OrderStatus;
}

export function enforceOrderRules(strapi: Core.Strapi) {
  const products = () => strapi.service('api::product.product') as ProductService;

  /**
   * The row a single update changes, locked until the write's transaction ends (the Document
   * Service's own; a bare strapi.db.query write has none), so a change at the pickup desk at the
   * same moment waits and no event of either is lost.
   */
  async function lockedRow(where: unknown): Promise<OrderRecord | null> {
    const found = (await strapi.db.query(ORDER).findOne({ where: (where ?? {}) as Data, select: ['id'] })) as { id: number } | null;
    if (!found) return null;
    if (strapi.db.inTransaction()) {
      const { name, column } = tableOf(strapi, ORDER);
      await strapi.db.transaction(({ trx }) =>
        strapi.db.getConnection(name).transacting(trx).where(column('id'), found.id).update({ [column('updatedAt')]: new Date() }),
      );
    }
    return (await strapi.db.query(ORDER).findOne({ where: { id: found.id }, select: ['id', 'status', 'items', 'history'] })) as OrderRecord | null;
  }

  /** Moves the stock as the dashboard's change of status does; a shortage refuses the write. */
  async function moveStock(order: OrderRecord, from: OrderStatus, to: OrderStatus) {
    const lines = stockLines(orderItems(order));
    if (to === 'cancelled') return products().putBackStock(lines);
    if (from !== 'cancelled') return;
    try {
      await products().takeStock(lines, () => ORDER_MESSAGES.outOfStockToReopen);
    } catch (error) {
      if (error instanceof ApiError) refuse(error.message);
      throw error;
    }
  }

  strapi.db.lifecycles.subscribe({
    models: [ORDER],
    async beforeUpdate(event) {
      const to = statusWritten(event.params.data);
      if (to === undefined) return;
      const order = await lockedRow(event.params.where);
      if (!order) return;
      const from = statusOf(order);
      if (from === to) return;
      await moveStock(order, from, to);
      const recorded: OrderEvent = { action: 'status', at: new Date().toISOString(), by: actorOf(strapi.requestContext.get()?.state as RequestState | undefined), from, to };
      event.params.data = { ...(event.params.data as Data), history: [...historyOf(order), recorded] };
    },
    // One write for many orders cannot carry each order's own history: a status is changed one order at a time.
    async beforeUpdateMany(event) {
      const to = statusWritten(event.params.data);
      if (to === undefined) return;
      const changing = await strapi.db.query(ORDER).count({
        // A missing status is pending (SPEC §4), and NULL <> 'x' is not true in SQL.
        where: { $and: [(event.params.where ?? {}) as Data, { $or: [{ status: { $ne: to } }, ...(to === 'pending' ? [] : [{ status: { $null: true } }])] }] },
      });
      if (changing > 0) refuse(ORDER_MESSAGES.oneStatusAtATime);
    },
  });
}
