import {
  apiPaths,
  moyasarWebhookBodySchema,
  sandboxPayAnswerSchema,
  sandboxPayBodySchema,
  sandboxPayQuery,
  tabbyCheckoutAnswerSchema,
  tabbyCheckoutBodySchema,
  tabbyReturnQuery,
  successMessages,
  verifyPaymentAnswerSchema,
  verifyPaymentBodySchema,
  webhookAnswerSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tabbySandboxPage } from '../pages/tabby-sandbox-page.ts';
import { chargeSandbox } from '../../use-cases/checkout/sandbox-payment.ts';
import { verifyShopperPayment } from '../../use-cases/checkout/settle-payment.ts';
import { receivePaymentEvent } from '../../use-cases/checkout/webhook.ts';
import {
  answerSimulator,
  receiveTabbyEvent,
  simulatedPayment,
  startTabbyCheckout,
  tabbyReturn,
} from '../../use-cases/checkout/tabby.ts';
import { SHOPPER_SESSION } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';

/** The Tabby simulator's page: a strict policy of its own, since no page plugin serves it. */
const SIMULATOR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Card payments: the shopper's verification, the sandbox's card form, and Moyasar's webhook;
 * and the Tabby simulator's hosted page.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...app.shop, provider: app.payments, paymentKeys: app.paymentKeys };
  const tabbyDeps = { ...app.shop, tabby: app.tabby };

  app.post(
    apiPaths.verifyPayment.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: 'Confirm a payment by its id: the server asks the provider, then pays the order',
        security: SHOPPER_SESSION,
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentAnswerSchema },
      },
    },
    async (request) => {
      const order = await verifyShopperPayment(deps, requireUser(request).id, request.body.id);
      return {
        invoiceId: order.id,
        number: order.number,
        status: 'paid' as const,
        code: 'PAYMENT_COMPLETED' as const,
        message: successMessages.PAYMENT_COMPLETED[request.lang],
      };
    },
  );

  app.post(
    apiPaths.sandboxPay.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: 'Simulated card payment with the provider test cards (only when payments are simulated)',
        security: SHOPPER_SESSION,
        querystring: sandboxPayQuery,
        body: sandboxPayBodySchema,
        response: { 200: sandboxPayAnswerSchema },
      },
    },
    async (request) => {
      const { payment, redirectUrl } = await chargeSandbox(
        deps,
        request.user?.id ?? null,
        request.body,
        request.lang,
      );
      return {
        id: payment.id,
        status: payment.status === 'paid' ? ('paid' as const) : ('failed' as const),
        message: payment.message,
        redirectUrl,
      };
    },
  );

  app.post(
    apiPaths.moyasarWebhook.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: 'Moyasar webhook: checks secret_token, re-fetches the payment, settles its order',
        body: moyasarWebhookBodySchema,
        response: { 200: webhookAnswerSchema },
      },
    },
    async (request) => {
      await receivePaymentEvent(deps, request.body);
      return { received: true as const };
    },
  );

  // Tabby's page is a form post without JavaScript: the simulator's takes the same.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  const pageParams = z.object({ paymentId: z.string().max(100) });
  app.get(
    apiPaths.tabbySandboxPage.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: "The Tabby simulator's hosted page: the plan in four payments, approve or cancel",
        params: pageParams,
      },
    },
    async (request, reply) => {
      const { payment, back } = await simulatedPayment(tabbyDeps, request.params.paymentId);
      const action = `${apiPaths.tabbySandboxPage.build({ paymentId: payment.id })}?lang=${request.lang}`;
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', SIMULATOR_PAGE_CSP)
        .send(tabbySandboxPage(payment, request.lang, action, back));
    },
  );

  app.post(
    apiPaths.tabbySandboxPage.pattern,
    {
      schema: {
        tags: ['payments'],
        summary:
          'The shopper approves or cancels on the Tabby simulator; sent back to the shop as Tabby sends them',
        params: pageParams,
        body: z.object({ answer: z.enum(['approve', 'cancel']) }),
      },
    },
    async (request, reply) => {
      const { paymentId } = request.params;
      const back = await answerSimulator(tabbyDeps, paymentId, request.body.answer);
      const page = `${apiPaths.tabbySandboxPage.build({ paymentId })}?lang=${request.lang}`;
      return reply.redirect(back ?? page, 303);
    },
  );

  app.post(
    apiPaths.tabbyCheckout.pattern,
    {
      schema: {
        tags: ['payments'],
        summary:
          "Pay an order with Tabby's pay in 4: answers Tabby's page (402 TABBY_REJECTED by pre-scoring)",
        security: SHOPPER_SESSION,
        querystring: sandboxPayQuery,
        body: tabbyCheckoutBodySchema,
        response: { 200: tabbyCheckoutAnswerSchema },
      },
    },
    (request) => startTabbyCheckout(tabbyDeps, requireUser(request).id, request.body.invoiceId, request.lang),
  );

  app.get(
    apiPaths.tabbyReturn.pattern,
    {
      schema: {
        tags: ['payments'],
        summary:
          "The shopper's return from Tabby: the payment is asked of Tabby, then the order page or the cart",
        querystring: tabbyReturnQuery,
      },
    },
    async (request, reply) =>
      reply.redirect(await tabbyReturn(tabbyDeps, request.query.payment_id, request.lang), 303),
  );

  app.post(
    apiPaths.tabbyWebhook.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: "Tabby's webhook: checks the shop's header, fetches the payment again, settles its order",
        response: { 200: webhookAnswerSchema },
      },
    },
    async (request) => {
      await receiveTabbyEvent(tabbyDeps, request.headers, request.body);
      return { received: true as const };
    },
  );
};
