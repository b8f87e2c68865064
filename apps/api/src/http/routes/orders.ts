import {
  apiPaths,
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
import { placeOrder } from '../../use-cases/checkout/place-order.ts';
import {
  placedOrder,
  shopperOrderLines,
  shopperOrdersPage,
  shopperOrderWithPayment,
} from '../../views/store/orders.ts';
import { owned, SHOPPER_SESSION } from '../openapi.ts';
import { requireOwner, requireUser } from '../shopper-session.ts';

/** A shopper's orders: placing one from the cart, the list, and one order. */
export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const withPayments = { ...app.shop, paymentKeys: app.paymentKeys, tabby: app.tabby, tamara: app.tamara };

  app.post(
    apiPaths.payInvoice.pattern,
    {
      schema: {
        tags: ['orders'],
        summary:
          "Place an order from the caller's cart at catalog prices and reserve its stock; answers what the card form needs",
        security: SHOPPER_SESSION,
        querystring: langOnlyQuery,
        body: payInvoiceBodySchema,
        response: { 201: payInvoiceAnswerSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const user = requireOwner(request, body.userId);
      const placed = await placeOrder(
        app.shop,
        user.id,
        {
          address: body.invoiceUserAdress,
          phone: body.invoiceUserPhone,
          location: body.invoiceUserLocation,
          note: body.invoiceNote,
        },
        request.lang,
      );
      void reply.status(201);
      return placedOrder(withPayments, placed, request.lang);
    },
  );

  app.get(
    apiPaths.ordersByUser.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: "The caller's orders, newest first (5 per page unless pageSize says otherwise)",
        security: SHOPPER_SESSION,
        params: ordersByUserParams,
        querystring: ordersQuery,
        response: { 200: ordersPageSchema },
      },
    },
    async (request) => {
      const user = requireOwner(request, request.params.userId);
      const { page, pageSize } = request.query;
      return shopperOrdersPage(app.db, user.id, page, pageSize, request.lang);
    },
  );

  app.get(
    apiPaths.orderLines.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: 'The lines of one of the caller’s orders',
        security: SHOPPER_SESSION,
        params: orderIdParams,
        querystring: langOnlyQuery,
        response: { 200: orderLinesSchema },
      },
    },
    async (request) =>
      owned(
        await shopperOrderLines(app.db, requireUser(request).id, request.params.invoiceId, request.lang),
        'ORDER_NOT_FOUND',
      ),
  );

  app.get(
    apiPaths.orderById.pattern,
    {
      schema: {
        tags: ['orders'],
        summary:
          'One of the caller’s orders with totals, VAT, once paid the ZATCA QR code, and while it can be paid what the card form needs',
        security: SHOPPER_SESSION,
        params: orderIdParams,
        querystring: langOnlyQuery,
        response: { 200: orderWithPaymentSchema },
      },
    },
    async (request) =>
      owned(
        await shopperOrderWithPayment(
          withPayments,
          requireUser(request).id,
          request.params.invoiceId,
          request.lang,
        ),
        'ORDER_NOT_FOUND',
      ),
  );
};
