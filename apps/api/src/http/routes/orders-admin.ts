import {
  adminOrderActionAnswerSchema,
  adminOrderPaths,
  adminOrderRefParams,
  adminOrderSchema,
  adminOrdersPageSchema,
  adminOrdersQuery,
  langOnlyQuery,
  okMessage,
  type SuccessCode,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../lib/audit-actor.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import type { OrderRef } from '../../modules/orders/service.ts';
import { cancelOrder } from '../../use-cases/checkout/cancel-order.ts';
import { deliverOrder, shipOrder } from '../../use-cases/fulfil-order.ts';
import { adminOrder, adminOrdersPage } from '../../views/back-office/orders.ts';
import { ordersCsv } from '../../views/back-office/orders-csv.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

const QUERY_HELP =
  'Filters: `status` (as the back office shows it: awaiting_payment, paid, shipped, delivered, cancelled, failed, ' +
  'expired, partially_refunded, refunded), `paid` and `delivered` (yes/no), `from` and `to` (days in Riyadh, both ' +
  'included, or ISO date-times, `to` exclusive), `q` (order number, customer name, e-mail or phone); `sort` (date, ' +
  'number, total, status) and `dir` (asc, desc); `page` and `pageSize` (1–100, default 25).';

/** The back office's orders: list, export, details and the fulfilment actions (staff and owners). */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminOrderPaths.list.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Orders, filtered, searched, sorted and paged',
        description: QUERY_HELP,
        security: STAFF_COOKIE,
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersPageSchema },
      },
    },
    async (request) => adminOrdersPage(app.db, request.query),
  );
  app.get(
    adminOrderPaths.csv.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'The orders of the same filters, search and sort as a CSV file (UTF-8 with a BOM), streamed',
        description: `${QUERY_HELP} Paging is ignored: every matching order is in the file. Headings, statuses and times (Riyadh) in the member's language; amounts in SAR.`,
        security: STAFF_COOKIE,
        querystring: adminOrdersQuery,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const day = new Date(Date.now() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
      void reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .header('cache-control', 'no-store');
      return reply.send(ordersCsv(app.db, request.query, request.lang));
    },
  );

  app.get(
    adminOrderPaths.detail.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'One order by its number or id: lines, prices, VAT, shipping, customer, address with a map link, payments, timeline, the actions it allows, and once paid its invoice QR',
        security: STAFF_COOKIE,
        params: adminOrderRefParams,
        querystring: langOnlyQuery,
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => found(await adminOrder(app.db, request.params.ref, request.lang), 'ORDER_NOT_FOUND'),
  );

  const actions: {
    path: (typeof adminOrderPaths)['ship' | 'deliver' | 'cancel'];
    summary: string;
    done: SuccessCode;
    run: (ref: OrderRef, by: AuditActor) => Promise<OrderRow>;
  }[] = [
    {
      path: adminOrderPaths.ship,
      summary: 'Mark a paid order shipped (409 when it is not paid, or already shipped or delivered)',
      done: 'ORDER_SHIPPED',
      run: (ref, by) => shipOrder(app.shop, ref, by),
    },
    {
      path: adminOrderPaths.deliver,
      summary:
        'Mark a paid or shipped order delivered: the shopper’s order then reads delivered (409 when it is not paid or already delivered)',
      done: 'ORDER_DELIVERED',
      run: (ref, by) => deliverOrder(app.shop, ref, by),
    },
    {
      path: adminOrderPaths.cancel,
      summary:
        'Cancel an order awaiting payment and put its stock back on sale (409 once it is paid, expired or cancelled)',
      done: 'ORDER_CANCELLED',
      run: (ref, by) => cancelOrder(app.shop, ref, by),
    },
  ];

  for (const action of actions) {
    app.post(
      action.path.pattern,
      {
        schema: {
          tags: ADMIN_TAG,
          summary: action.summary,
          description:
            'Recorded in the audit log with the status before and after. Two members acting at once make one change: the other gets 409 in their language.',
          security: STAFF_COOKIE,
          params: adminOrderRefParams,
          querystring: langOnlyQuery,
          response: { 200: adminOrderActionAnswerSchema },
        },
      },
      async (request) => {
        const order = await action.run(request.params.ref, auditActor(request));
        return {
          ...okMessage(action.done, request.lang),
          order: found(await adminOrder(app.db, { id: order.id }, request.lang), 'ORDER_NOT_FOUND'),
        };
      },
    );
  }
};
