import {
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
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelOrder } from '../../use-cases/checkout/cancel-order.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { shopOrigin } from '../../lib/public-origin.ts';
import { auditActor } from '../staff-guard.ts';
import type { OrderMailDeps } from '../../use-cases/shopper-mail.ts';
import { ordersCsv } from '../../views/back-office/orders-csv.ts';
import { presentAdminOrder, presentAdminSummary } from '../../views/back-office/order-present.ts';
import {
  adminOrderDetails,
  deliverOrder,
  listAdminOrders,
  orderIdOf,
  shipOrder,
  type OrderRef,
} from '../../views/back-office/orders-read.ts';

const TAG = ['admin'];
/** OpenAPI: the back office is signed in by its own cookie only. */
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];

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
        tags: TAG,
        summary: 'Orders, filtered, searched, sorted and paged',
        description: QUERY_HELP,
        security: staffCookie,
        querystring: adminOrdersQuery,
        response: { 200: adminOrdersPageSchema },
      },
    },
    async (request) => {
      const { rows, total } = await listAdminOrders(app.db, request.query);
      const { page, pageSize } = request.query;
      return { items: rows.map(presentAdminSummary), page, pageSize, total };
    },
  );

  app.get(
    adminOrderPaths.csv.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'The orders of the same filters, search and sort as a CSV file (UTF-8 with a BOM), streamed',
        description: `${QUERY_HELP} Paging is ignored: every matching order is in the file. Headings, statuses and times (Riyadh) in the member's language; amounts in SAR.`,
        security: staffCookie,
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

  async function present(instance: FastifyInstance, ref: OrderRef, lang: Lang) {
    const details = await adminOrderDetails(instance.db, ref);
    return presentAdminOrder(details, lang, await getSettings(instance.db));
  }

  app.get(
    adminOrderPaths.detail.pattern,
    {
      schema: {
        tags: TAG,
        summary:
          'One order by its number or id: lines, prices, VAT, shipping, customer, address with a map link, payments, timeline, the actions it allows, and once paid its invoice QR',
        security: staffCookie,
        params: adminOrderRefParams,
        querystring: langOnlyQuery,
        response: { 200: adminOrderSchema },
      },
    },
    async (request) => present(app, request.params.ref, request.lang),
  );

  // The shopper is told in their language once the change has committed.
  // (The origin is read per request: the listening address is known only once the server listens.)
  const shopperMail = (): OrderMailDeps => ({
    db: app.db,
    mailer: app.mailer,
    log: app.log,
    origin: shopOrigin(app),
  });

  const actions: {
    path: (typeof adminOrderPaths)['ship' | 'deliver' | 'cancel'];
    summary: string;
    done: SuccessCode;
    run: (orderId: string, request: Parameters<typeof auditActor>[0]) => Promise<unknown>;
  }[] = [
    {
      path: adminOrderPaths.ship,
      summary: 'Mark a paid order shipped (409 when it is not paid, or already shipped or delivered)',
      done: 'ORDER_SHIPPED',
      run: (orderId, request) => shipOrder(app.db, orderId, auditActor(request), shopperMail()),
    },
    {
      path: adminOrderPaths.deliver,
      summary:
        'Mark a paid or shipped order delivered: the shopper’s order then reads delivered (409 when it is not paid or already delivered)',
      done: 'ORDER_DELIVERED',
      run: (orderId, request) => deliverOrder(app.db, orderId, auditActor(request), shopperMail()),
    },
    {
      path: adminOrderPaths.cancel,
      summary:
        'Cancel an order awaiting payment and put its stock back on sale (409 once it is paid, expired or cancelled)',
      done: 'ORDER_CANCELLED',
      run: (orderId, request) => cancelOrder(app, orderId, auditActor(request)),
    },
  ];

  for (const action of actions) {
    app.post(
      action.path.pattern,
      {
        schema: {
          tags: TAG,
          summary: action.summary,
          description:
            'Recorded in the audit log with the status before and after. Two members acting at once make one change: the other gets 409 in their language.',
          security: staffCookie,
          params: adminOrderRefParams,
          querystring: langOnlyQuery,
          response: { 200: adminOrderActionAnswerSchema },
        },
      },
      async (request) => {
        const orderId = await orderIdOf(app.db, request.params.ref);
        await action.run(orderId, request);
        return {
          ...okMessage(action.done, request.lang),
          order: await present(app, { id: orderId }, request.lang),
        };
      },
    );
  }
};
