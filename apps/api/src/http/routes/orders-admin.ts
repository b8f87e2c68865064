import {
  bulkFulfilmentAnswerSchema,
  bulkFulfilmentSchema,
  fulfilmentChangeSchema,
  shipmentSchema,
  adminOrderActionAnswerSchema,
  adminOrderPaths,
  adminOrderRefParams,
  adminOrderSchema,
  adminOrdersPageSchema,
  adminOrdersQuery,
  langOnlyQuery,
  okMessage,
  type Lang,
  type SuccessCode,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuditActor } from '../../lib/audit-actor.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import type { OrderRef } from '../../modules/orders/service.ts';
import { cancelOrder } from '../../use-cases/checkout/cancel-order.ts';
import { cancelPaidOrder, fulfilOrder, fulfilOrders } from '../../use-cases/fulfil-order.ts';
import { AppError } from '../../lib/errors.ts';
import { adminOrder, adminOrdersPage } from '../../views/back-office/orders.ts';
import { presentBulkOutcome } from '../../views/back-office/order-present.ts';
import { ordersCsv } from '../../views/back-office/orders-csv.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor, requireStaff } from '../staff-guard.ts';

const NO_SHIPMENT = { carrier: '', trackingNumber: '', trackingUrl: '' };

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

  const refundDeps = { ...app.shop, provider: app.payments, tabby: app.tabby, tamara: app.tamara };
  // Shipping a Tabby or Tamara order captures its payment.
  const fulfilment = { ...app.shop, tabby: app.tabby, tamara: app.tamara };
  const actions: {
    path: (typeof adminOrderPaths)['deliver' | 'cancel' | 'cancelPaid'];
    summary: string;
    done: SuccessCode;
    owner?: boolean;
    run: (ref: OrderRef, by: AuditActor) => Promise<OrderRow>;
  }[] = [
    {
      path: adminOrderPaths.deliver,
      summary:
        'Mark a paid order delivered: the shopper’s order then reads delivered (409 when it is not paid or already delivered)',
      done: 'ORDER_DELIVERED',
      run: (ref, by) => fulfilOrder(fulfilment, ref, { ...NO_SHIPMENT, status: 'delivered' }, by),
    },
    {
      path: adminOrderPaths.cancel,
      summary:
        'Cancel an order awaiting payment and put its stock back on sale (409 once it is paid, expired or cancelled)',
      done: 'ORDER_CANCELLED',
      run: (ref, by) => cancelOrder(app.shop, ref, by),
    },
    {
      path: adminOrderPaths.cancelPaid,
      summary:
        'Cancel a paid order not yet shipped (owner): refunded in full through the payment provider, every unit back on sale, a credit note issued (409 ORDER_SHIPPED_NOT_CANCELLABLE once shipped; send again to finish a refund the provider did not answer)',
      done: 'ORDER_CANCELLED_REFUNDED',
      owner: true,
      run: (ref, by) => cancelPaidOrder(refundDeps, ref, by),
    },
  ];

  /** One order's answer to a change: the message and the order as it is now. */
  const changed = async (order: OrderRow, done: SuccessCode, lang: Lang) => ({
    ...okMessage(done, lang),
    order: found(await adminOrder(app.db, { id: order.id }, lang), 'ORDER_NOT_FOUND'),
  });

  const FULFILMENT_HELP =
    'Forward only, steps may be skipped: 409 ORDER_FULFILMENT_BACKWARD for an earlier status, ORDER_FULFILMENT_SAME for the one it has, ORDER_ALREADY_SHIPPED or ORDER_ALREADY_DELIVERED, ORDER_NOT_FULFILLABLE (or ORDER_NOT_SHIPPABLE, ORDER_NOT_DELIVERABLE) when it is not paid or was cancelled. Recorded in the audit log and on the shopper’s timeline; shipping and delivery e-mail the shopper.';
  const fulfilRoute = {
    tags: ADMIN_TAG,
    description: FULFILMENT_HELP,
    security: STAFF_COOKIE,
    params: adminOrderRefParams,
    querystring: langOnlyQuery,
    response: { 200: adminOrderActionAnswerSchema },
  };

  app.post(
    adminOrderPaths.ship.pattern,
    {
      schema: {
        ...fulfilRoute,
        summary:
          'Mark a paid order shipped with its carrier, tracking number and (https) tracking link: `fulfilment` with status shipped',
        body: shipmentSchema,
      },
    },
    async (request) => {
      const change = { ...request.body, status: 'shipped' as const };
      const order = await fulfilOrder(fulfilment, request.params.ref, change, auditActor(request));
      return changed(order, 'ORDER_SHIPPED', request.lang);
    },
  );

  app.post(
    adminOrderPaths.fulfilment.pattern,
    {
      schema: {
        ...fulfilRoute,
        summary:
          'Move a paid order forward: preparing, ready, shipped (carrier and tracking number required, tracking link https) or delivered',
        body: fulfilmentChangeSchema,
      },
    },
    async (request) => {
      const order = await fulfilOrder(fulfilment, request.params.ref, request.body, auditActor(request));
      return changed(order, 'ORDER_FULFILMENT_CHANGED', request.lang);
    },
  );

  app.post(
    adminOrderPaths.bulkFulfilment.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'Move several orders (by number, up to 100) to one status: preparing, ready, delivered, or cancelled (owners; refunds each in full)',
        description:
          'Each order moves on its own, audited, as if moved alone; the answer lists those that moved and, for each that did not, its code and message (the same codes as one order’s change). Shipping is per order: each needs its own tracking number.',
        security: STAFF_COOKIE,
        querystring: langOnlyQuery,
        body: bulkFulfilmentSchema,
        response: { 200: bulkFulfilmentAnswerSchema },
      },
    },
    async (request) => {
      const { numbers, status } = request.body;
      if (status === 'cancelled' && requireStaff(request).member.role !== 'owner')
        throw new AppError(403, 'STAFF_ROLE_REQUIRED');
      const outcome = await fulfilOrders(refundDeps, numbers, status, auditActor(request));
      return presentBulkOutcome(outcome, request.lang);
    },
  );

  for (const action of actions) {
    app.post(
      action.path.pattern,
      {
        ...(action.owner && { config: { staffRole: 'owner' as const } }),
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
      async (request) =>
        changed(await action.run(request.params.ref, auditActor(request)), action.done, request.lang),
    );
  }
};
