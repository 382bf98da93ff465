import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { adminOrdersQuerySchema, ORDER_MESSAGES, orderStatusUpdateSchema, pickupNumberSchema } from '../../../contract/orders';
import { LIST_MESSAGES } from '../../../contract/list-query';
import { idParamSchema } from '../../../contract/common';
import { orderLookupSchema, orderRequestSchema, SHOP_MESSAGES } from '../../../contract/shop';
import { notFound } from '../../../http/api-error';
import { sendCsv } from '../../../http/csv';
import { rateLimiter } from '../../../http/rate-limit';
import { parseInput, requestBody } from '../../../http/validate';
import type { OrderService } from '../services/order';

const UID = 'api::order.order';

const orderId = (ctx: Context) => {
  const id = idParamSchema.safeParse(ctx.params.id);
  if (!id.success) throw notFound(ORDER_MESSAGES.notFound);
  return id.data;
};

/** The signed-in organiser (global::require-admin), named in the order's history. */
const organiser = (ctx: Context): string => (ctx.state.admin as { username: string }).username;

export default factories.createCoreController(UID, ({ strapi }) => {
  const orders = () => strapi.service(UID) as OrderService;

  return {
    async place(ctx: Context) {
      const request = parseInput(orderRequestSchema, requestBody(ctx), SHOP_MESSAGES.orderInvalid);
      const { orderNumber, total, token } = await orders().place(request, ctx.request.ip);
      ctx.body = { success: true, orderNumber, total, token };
    },

    /**
     * The order page's read. Every look-up that finds nothing (a malformed, unknown or wrong
     * number or token alike) counts as a failure against the client's limit, as code checks do.
     */
    async shopOrder(ctx: Context) {
      ctx.set('Cache-Control', 'no-store');
      const order = await rateLimiter(strapi, 'order-page', ctx.request.ip).attempt(SHOP_MESSAGES.tooManyOrderLookups, async () => {
        const lookup = orderLookupSchema.safeParse({ orderNumber: ctx.params.orderNumber, t: ctx.query.t });
        return lookup.success ? orders().findForShopper(lookup.data) : null;
      });
      if (!order) throw notFound(SHOP_MESSAGES.orderNotFound);
      ctx.body = { success: true, order };
    },

    async pickup(ctx: Context) {
      const number = pickupNumberSchema.safeParse(ctx.params.orderNumber);
      if (!number.success) throw notFound(ORDER_MESSAGES.notFound);
      ctx.body = { success: true, order: await orders().detail(await orders().idOfNumber(number.data)) };
    },

    async handOver(ctx: Context) {
      const id = orderId(ctx);
      await orders().handOver(id, organiser(ctx));
      ctx.body = { success: true, order: await orders().detail(id) };
    },

    async markPaid(ctx: Context) {
      const id = orderId(ctx);
      await orders().markPaid(id, organiser(ctx));
      ctx.body = { success: true, order: await orders().detail(id) };
    },

    async listAdmin(ctx: Context) {
      const query = parseInput(adminOrdersQuerySchema, ctx.query, LIST_MESSAGES.invalidQuery);
      ctx.body = query.paged ? { success: true, ...(await orders().listAdminPage(query)) } : { success: true, orders: await orders().listAdmin() };
    },

    async detail(ctx: Context) {
      ctx.body = { success: true, order: await orders().detail(orderId(ctx)) };
    },

    async packingList(ctx: Context) {
      ctx.body = { success: true, ...(await orders().packingList()) };
    },

    async packingListCsv(ctx: Context) {
      sendCsv(ctx, 'packing-list.csv', await orders().packingListCsv());
    },

    async sales(ctx: Context) {
      ctx.body = { success: true, products: await orders().productSales() };
    },

    async changeStatus(ctx: Context) {
      const id = orderId(ctx);
      const { status } = parseInput(orderStatusUpdateSchema, requestBody(ctx), ORDER_MESSAGES.invalidStatus);
      ctx.body = { success: true, order: await orders().changeStatus(id, status, organiser(ctx)) };
    },

    async remove(ctx: Context) {
      await orders().remove(orderId(ctx));
      ctx.body = { success: true };
    },

    async exportCsv(ctx: Context) {
      sendCsv(ctx, 'orders.csv', await orders().exportCsv());
    },
  };
});
