import {
  apiPaths,
  halalasToSar,
  langOnlyQuery,
  orderIdParams,
  orderLinesSchema,
  orderWithPaymentSchema,
  ordersByUserParams,
  ordersPageSchema,
  ordersQuery,
  payInvoiceAnswerSchema,
  payInvoiceBodySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { requireOwner } from '../shopper-session.ts';
import { placeOrder } from '../../use-cases/checkout/place-order.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { rememberLang } from '../../modules/users/service.ts';
import { orderWithPayment, paymentForm } from '../../views/orders/payment-form.ts';
import { presentLine, presentOrder, presentOrdersPage } from '../../views/orders/present.ts';
import { findOrder, linesOfOrders, listOrders } from '../../modules/orders/service.ts';
import { refundsOfOrders } from '../../modules/refunds/service.ts';

/** OpenAPI: these calls need the session cookie or a Bearer token. */
const session: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.payInvoice.pattern,
    {
      schema: {
        tags: ['orders'],
        summary:
          "Place an order from the caller's cart at catalog prices and reserve its stock; answers what the card form needs",
        security: session,
        querystring: langOnlyQuery,
        body: payInvoiceBodySchema,
        response: { 201: payInvoiceAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = requireOwner(request, body.userId);
      const { order, lines } = await placeOrder(
        app,
        user.id,
        {
          address: body.invoiceUserAdress,
          phone: body.invoiceUserPhone,
          location: body.invoiceUserLocation,
          note: body.invoiceNote,
        },
        app.config.orderPaymentTtlMinutes,
      );
      // The order's e-mails (shipped, delivered, refunded) are written in the language it was placed in.
      await rememberLang(app.db, user.id, request.lang);
      const settings = await getSettings(app.db);
      const payment = paymentForm(app, order, request.lang);
      void reply.status(201);
      return {
        invoiceId: order.id,
        number: order.number,
        amount: order.totalHalalas,
        amountSar: halalasToSar(order.totalHalalas),
        currency: 'SAR' as const,
        given_id: order.paymentGivenId,
        description: payment.description,
        expiresAt: order.expiresAt.toISOString(),
        payment,
        invoice: await presentOrder(order, lines, [], request.lang, settings),
      };
    },
  );

  app.get(
    apiPaths.ordersByUser.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first (5 per page unless pageSize says otherwise)",
        security: session,
        params: ordersByUserParams,
        querystring: ordersQuery,
        response: { 200: ordersPageSchema },
      },
    },
    async (request) => {
      const user = requireOwner(request, request.params.userId);
      const { page, pageSize } = request.query;
      const result = await listOrders(app.db, user.id, page, pageSize);
      const refunds = await refundsOfOrders(
        app.db,
        result.orders.map((o) => o.order.id),
      );
      return presentOrdersPage(result, refunds, request.lang, await getSettings(app.db));
    },
  );

  /** The order, or 404; 401/403 unless it is the caller's. */
  async function ownOrder(request: Parameters<typeof requireOwner>[0], orderId: string) {
    const order = await findOrder(app.db, orderId);
    if (!order) {
      if (!request.user) throw new AppError(401, 'UNAUTHORIZED');
      throw new AppError(404, 'ORDER_NOT_FOUND');
    }
    requireOwner(request, order.userId);
    return order;
  }

  app.get(
    apiPaths.orderLines.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: 'The lines of one of the caller’s orders',
        security: session,
        params: orderIdParams,
        querystring: langOnlyQuery,
        response: { 200: orderLinesSchema },
      },
    },
    async (request) => {
      const order = await ownOrder(request, request.params.invoiceId);
      const lines = (await linesOfOrders(app.db, [order.id])).get(order.id) ?? [];
      return lines.map((line) => presentLine(line, request.lang));
    },
  );

  app.get(
    apiPaths.orderById.pattern,
    {
      schema: {
        tags: ['orders'],
        summary:
          'One of the caller’s orders with totals, VAT, once paid the ZATCA QR code, and while it can be paid what the card form needs',
        security: session,
        params: orderIdParams,
        querystring: langOnlyQuery,
        response: { 200: orderWithPaymentSchema },
      },
    },
    async (request) => {
      const order = await ownOrder(request, request.params.invoiceId);
      return orderWithPayment(app, order, request.lang);
    },
  );
};
