import { factories } from '@strapi/strapi';
import type { Context } from 'koa';
import { adminOrdersQuerySchema, ORDER_MESSAGES, orderStatusUpdateSchema } from '../../../contract/orders';
import { LIST_MESSAGES } from '../../../contract/list-query';
import { idParamSchema } from '../../../contract/common';
import { orderRequestSchema, SHOP_MESSAGES } from '../../../contract/shop';
import { notFound } from '../../../http/api-error';
import { sendCsv } from '../../../http/csv';
import { parseInput, requestBody } from '../../../http/validate';
import type { OrderService } from '../services/order';

const UID = 'api::order.order';

const orderId = (ctx: Context) => {
  const id = idParamSchema.safeParse(ctx.params.id);
  if (!id.success) throw notFound(ORDER_MESSAGES.notFound);
  return id.data;
};

export default factories.createCoreController(UID, ({ strapi }) => {
  const orders = () => strapi.service(UID) as OrderService;

  return {
    async place(ctx: Context) {
      const request = parseInput(orderRequestSchema, requestBody(ctx), SHOP_MESSAGES.orderInvalid);
      const { orderNumber, total } = await orders().place(request, ctx.request.ip);
      ctx.body = { success: true, orderNumber, total };
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
      ctx.body = { success: true, order: await orders().changeStatus(id, status) };
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
