import {
  adminPaths,
  customerActiveOkSchema,
  customerActiveSchema,
  customerDetailsSchema,
  customerIdParams,
  customerPageSchema,
  customerQuery,
  okMessage,
  overviewSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setCustomerActive } from '../../use-cases/accounts/customer-active.ts';
import { customerDetails, customerSummary, listCustomers } from '../../views/back-office/customers.ts';
import { overview } from '../../views/back-office/overview.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

/** Customers and the overview: staff and owners alike. */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // Shoppers' personal data and the shop's takings: no browser or proxy may keep a copy.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    adminPaths.customers.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Customers: search, filter, sort and page',
        description:
          '`q` finds part of a name, e-mail or mobile (05… or +9665…); `status` is `active` or `deactivated`; ' +
          '`from` (inclusive) and `to` (exclusive) bound the registration time (ISO date-times or plain dates, ' +
          'midnight in Riyadh); `sort` is `name`, `registered` (default), `orders` or `spent`, `dir` `asc` or ' +
          '`desc` (default); `page` from 1, `pageSize` 1–100 (25).',
        security: STAFF_COOKIE,
        querystring: customerQuery,
        response: { 200: customerPageSchema },
      },
    },
    async (request) => listCustomers(db, request.query),
  );

  app.get(
    adminPaths.customer.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "A customer's profile, addresses, orders (newest 50) and totals",
        description: 'Unknown id: 404 CUSTOMER_NOT_FOUND.',
        security: STAFF_COOKIE,
        params: customerIdParams,
        response: { 200: customerDetailsSchema },
      },
    },
    async (request) => found(await customerDetails(db, request.params.id), 'CUSTOMER_NOT_FOUND'),
  );

  app.put(
    adminPaths.customerActive.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Deactivate or reactivate a customer',
        description:
          'Deactivating ends every session of the account at once; signing in then answers 401 ' +
          'ACCOUNT_SUSPENDED in the shopper’s language. Reactivating lifts it (and a shopper’s own ' +
          'deactivation). Audited as `customer.deactivate` / `customer.reactivate`. Unknown id: 404.',
        security: STAFF_COOKIE,
        params: customerIdParams,
        body: customerActiveSchema,
        response: { 200: customerActiveOkSchema },
      },
    },
    async (request) => {
      const { active } = request.body;
      found(
        await setCustomerActive(app.shop, request.params.id, active, auditActor(request)),
        'CUSTOMER_NOT_FOUND',
      );
      return {
        ...okMessage(active ? 'CUSTOMER_REACTIVATED' : 'CUSTOMER_DEACTIVATED', request.lang),
        customer: found(await customerSummary(db, request.params.id), 'CUSTOMER_NOT_FOUND'),
      };
    },
  );

  app.get(
    adminPaths.overview.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'The overview: sales today, 7 and 30 days, orders by status, average order, low stock, daily sales',
        description:
          'Days are Riyadh days (UTC+03:00). Sales are the totals of orders paid in the span, refunds taken ' +
          'off. Low stock uses the `lowStockThreshold` setting (default 5).',
        security: STAFF_COOKIE,
        response: { 200: overviewSchema },
      },
    },
    async (request) => overview(db, request.lang),
  );
};
