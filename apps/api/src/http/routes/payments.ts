import {
  apiPaths,
  moyasarWebhookBodySchema,
  sandboxPayAnswerSchema,
  sandboxPayBodySchema,
  sandboxPayQuery,
  payLaterMethods,
  tabbyCheckoutAnswerSchema,
  tabbyCheckoutBodySchema,
  tabbyReturnQuery,
  tamaraReturnQuery,
  type PayLaterMethod,
  successMessages,
  verifyPaymentAnswerSchema,
  verifyPaymentBodySchema,
  webhookAnswerSchema,
} from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { payLaterSandboxPage } from '../pages/pay-later-sandbox-page.ts';
import { chargeSandbox } from '../../use-cases/checkout/sandbox-payment.ts';
import { verifyShopperPayment } from '../../use-cases/checkout/settle-payment.ts';
import { receivePaymentEvent } from '../../use-cases/checkout/webhook.ts';
import {
  answerSimulator,
  payLaterReturn,
  receivePayLaterEvent,
  simulatedPayment,
  startPayLater,
  type PayLaterDeps,
} from '../../use-cases/checkout/pay-later.ts';
import { SHOPPER_SESSION } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';

/** The simulators' pages: a strict policy of their own, since no page plugin serves them. */
const SIMULATOR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Card payments: the shopper's verification, the sandbox's card form, and Moyasar's webhook;
 * pay in 4 with Tabby and Tamara: the session, the shopper's return, the provider's webhook and
 * the simulator's hosted page, the same routes for each under its own addresses.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...app.shop, provider: app.payments, paymentKeys: app.paymentKeys };
  const payLaterDeps = { ...app.shop, tabby: app.tabby, tamara: app.tamara };

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

  // Tabby's and Tamara's pages post forms without JavaScript: the simulators' take the same.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  for (const method of payLaterMethods) payLaterRoutes(app, method, payLaterDeps);
};

/** Each provider's addresses and words: its routes are otherwise the same. */
const PAY_LATER_ROUTES = {
  tabby: {
    name: 'Tabby',
    page: apiPaths.tabbySandboxPage,
    checkout: apiPaths.tabbyCheckout,
    return: apiPaths.tabbyReturn,
    webhook: apiPaths.tabbyWebhook,
    returnQuery: tabbyReturnQuery,
    paymentIdOf: (query: Record<string, unknown>) => String(query.payment_id),
    proof: "the shop's header",
  },
  tamara: {
    name: 'Tamara',
    page: apiPaths.tamaraSandboxPage,
    checkout: apiPaths.tamaraCheckout,
    return: apiPaths.tamaraReturn,
    webhook: apiPaths.tamaraWebhook,
    returnQuery: tamaraReturnQuery,
    paymentIdOf: (query: Record<string, unknown>) => String(query.orderId),
    proof: 'the token signed with the notification key (tamaraToken or Bearer)',
  },
} as const;

function payLaterRoutes(fastify: FastifyInstance, method: PayLaterMethod, deps: PayLaterDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const r = PAY_LATER_ROUTES[method];
  const pageParams = z.object({ paymentId: z.string().max(100) });
  const pageOf = (paymentId: string, lang: string) => `${r.page.build({ paymentId })}?lang=${lang}`;
  app.get(
    r.page.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: `The ${r.name} simulator's hosted page: the plan in four payments, approve or cancel`,
        params: pageParams,
      },
    },
    async (request, reply) => {
      const { payment, back } = await simulatedPayment(deps, method, request.params.paymentId);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', SIMULATOR_PAGE_CSP)
        .send(payLaterSandboxPage(method, payment, request.lang, pageOf(payment.id, request.lang), back));
    },
  );

  app.post(
    r.page.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: `The shopper approves or cancels on the ${r.name} simulator; sent back to the shop as ${r.name} sends them`,
        params: pageParams,
        body: z.object({ answer: z.enum(['approve', 'cancel']) }),
      },
    },
    async (request, reply) => {
      const { paymentId } = request.params;
      const back = await answerSimulator(deps, method, paymentId, request.body.answer);
      return reply.redirect(back ?? pageOf(paymentId, request.lang), 303);
    },
  );

  app.post(
    r.checkout.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: `Pay an order with ${r.name}'s pay in 4: answers ${r.name}'s page (402 ${method.toUpperCase()}_REJECTED when it refuses)`,
        security: SHOPPER_SESSION,
        querystring: sandboxPayQuery,
        body: tabbyCheckoutBodySchema,
        response: { 200: tabbyCheckoutAnswerSchema },
      },
    },
    (request) => startPayLater(deps, method, requireUser(request).id, request.body.invoiceId, request.lang),
  );

  app.get(
    r.return.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: `The shopper's return from ${r.name}: the payment is asked of ${r.name}, then the order page or the cart`,
        querystring: r.returnQuery,
      },
    },
    async (request, reply) => {
      const paymentId = r.paymentIdOf(request.query as Record<string, unknown>);
      return reply.redirect(await payLaterReturn(deps, method, paymentId, request.lang), 303);
    },
  );

  app.post(
    r.webhook.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: `${r.name}'s webhook: checks ${r.proof}, fetches the payment again, settles its order`,
        response: { 200: webhookAnswerSchema },
      },
    },
    async (request) => {
      const { headers, query, body } = request;
      await receivePayLaterEvent(deps, method, { headers, query: query as Record<string, unknown>, body });
      return { received: true as const };
    },
  );
}
