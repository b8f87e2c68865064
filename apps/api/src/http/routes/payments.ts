import {
  apiPaths,
  moyasarWebhookBodySchema,
  sandboxPayAnswerSchema,
  sandboxPayBodySchema,
  sandboxPayQuery,
  successMessages,
  verifyPaymentAnswerSchema,
  verifyPaymentBodySchema,
  webhookAnswerSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chargeSandbox } from '../../use-cases/checkout/sandbox-payment.ts';
import { verifyShopperPayment } from '../../use-cases/checkout/settle-payment.ts';
import { receivePaymentEvent } from '../../use-cases/checkout/webhook.ts';
import { SHOPPER_SESSION } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';

/** Card payments: the shopper's verification, the sandbox's card form, and Moyasar's webhook. */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { ...app.shop, provider: app.payments, paymentKeys: app.paymentKeys };

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
};
