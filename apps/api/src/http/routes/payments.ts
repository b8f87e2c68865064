import {
  apiPaths,
  okSchema,
  sandboxApplePayBodySchema,
  savedCardParams,
  savedCardPayBodySchema,
  savedCardsSchema,
  serverPaymentAnswerSchema,
  stcPayConfirmBodySchema,
  stcPayStartBodySchema,
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
import {
  confirmStcPay,
  forgetSavedCard,
  payWithSandboxApplePay,
  payWithSavedCard,
  startStcPay,
} from '../../use-cases/checkout/server-payments.ts';
import { applePayDomainAssociation } from '../../views/store/apple-pay.ts';
import { shopperSavedCards } from '../../views/store/orders.ts';
import type { PaymentKeys } from '../../modules/payments/keys.ts';
import { SHOPPER_SESSION } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';

/** The simulators' pages: a strict policy of their own, since no page plugin serves them. */
const SIMULATOR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/** A shopper's call about paying: their session, the answer's language, its body and its answer. */
function shopperCall<B extends z.ZodType, R extends z.ZodType>(summary: string, body: B, answer: R) {
  return {
    schema: {
      tags: ['payments'],
      summary,
      security: SHOPPER_SESSION,
      querystring: sandboxPayQuery,
      body,
      response: { 200: answer },
    },
  };
}

/**
 * Card payments: the shopper's verification, the sandbox's card form, and Moyasar's webhook;
 * pay in 4 with Tabby and Tamara: the session, the shopper's return, the provider's webhook and
 * the simulator's hosted page, the same routes for each under its own addresses.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...app.shop, provider: app.payments, paymentKeys: app.paymentKeys };
  const payLaterDeps = { ...app.shop, paymentKeys: app.paymentKeys, tabby: app.tabby, tamara: app.tamara };

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
    shopperCall(
      'Simulated card payment with the provider test cards (only when payments are simulated)',
      sandboxPayBodySchema,
      sandboxPayAnswerSchema,
    ),
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

  app.get(
    apiPaths.savedCards.pattern,
    {
      schema: {
        tags: ['payments'],
        summary:
          "The shopper's saved cards: brand, last four digits, expiry (and whether it has passed), name (never the number)",
        security: SHOPPER_SESSION,
        response: { 200: savedCardsSchema },
      },
    },
    (request) => shopperSavedCards(app.shop, requireUser(request).id),
  );

  app.delete(
    apiPaths.savedCard.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: 'Forget a saved card, here and at Moyasar (404 SAVED_CARD_NOT_FOUND when not yours)',
        security: SHOPPER_SESSION,
        params: savedCardParams,
        response: { 200: okSchema },
      },
    },
    (request) => forgetSavedCard(deps, requireUser(request).id, request.params.cardId, request.lang),
  );

  app.post(
    apiPaths.savedCardPay.pattern,
    shopperCall(
      "Pay an order with a saved card: Moyasar charges the card's token, then the payment is verified (409 SAVED_CARD_EXPIRED once its month has passed)",
      savedCardPayBodySchema,
      serverPaymentAnswerSchema,
    ),
    (request) =>
      payWithSavedCard(
        deps,
        requireUser(request).id,
        request.body.invoiceId,
        request.body.cardId,
        request.lang,
      ),
  );

  app.post(
    apiPaths.stcPayStart.pattern,
    shopperCall(
      'STC Pay, first step: the mobile number; STC Pay sends a one-time code by SMS',
      stcPayStartBodySchema,
      okSchema,
    ),
    (request) =>
      startStcPay(deps, requireUser(request).id, request.body.invoiceId, request.body.mobile, request.lang),
  );

  app.post(
    apiPaths.stcPayConfirm.pattern,
    shopperCall(
      'STC Pay, second step: the one-time code; the payment is then verified with Moyasar',
      stcPayConfirmBodySchema,
      serverPaymentAnswerSchema,
    ),
    (request) =>
      confirmStcPay(deps, requireUser(request).id, request.body.invoiceId, request.body.otp, request.lang),
  );

  app.post(
    apiPaths.sandboxApplePay.pattern,
    shopperCall(
      "The sandbox's Apple Pay: a simulated Apple Pay token pays the order (sandbox only)",
      sandboxApplePayBodySchema,
      serverPaymentAnswerSchema,
    ),
    (request) => payWithSandboxApplePay(deps, requireUser(request).id, request.body.invoiceId, request.lang),
  );

  app.get(
    apiPaths.applePayDomainAssociation.pattern,
    { schema: { tags: ['payments'], summary: "Apple Pay's domain verification file, as the owner set it" } },
    async (_request, reply) => {
      const file = await applePayDomainAssociation(app.config);
      if (file === null) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'no-cache').send(file);
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

function payLaterRoutes(
  fastify: FastifyInstance,
  method: PayLaterMethod,
  deps: PayLaterDeps & { paymentKeys: PaymentKeys },
) {
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
    shopperCall(
      `Pay an order with ${r.name}'s pay in 4: answers ${r.name}'s page (402 ${method.toUpperCase()}_REJECTED when it refuses)`,
      tabbyCheckoutBodySchema,
      tabbyCheckoutAnswerSchema,
    ),
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
