import { createHash, timingSafeEqual } from 'node:crypto';
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
import { AppError } from '../../lib/errors.ts';
import { requireOwner, requireUser } from '../shopper-session.ts';
import { reconcilePayments } from '../../use-cases/checkout/reconcile.ts';
import { verifyPayment, type PaymentDeps } from '../../use-cases/checkout/settle-payment.ts';
import { callbackUrlFor } from '../../modules/orders/callback-url.ts';
import { findOrder } from '../../modules/orders/service.ts';
import { choosePaymentProvider } from '../../modules/payments/choose-provider.ts';
import {
  ProviderNotFoundError,
  ProviderRejectedError,
  ProviderUnavailableError,
  type PaymentProvider,
} from '../../modules/payments/provider.ts';
import { chargeSandboxCard } from '../../modules/payments/sandbox.ts';

export interface PaymentRoutesOptions {
  /** Defaults to the configured provider (sandbox or Moyasar). */
  provider?: PaymentProvider;
  /** How often the reconciliation task runs; 0 turns it off. Default 60 s, off under test. */
  reconcileIntervalMs?: number;
}

/** Provider failures as API errors: a provider that cannot be asked is retried later by us. */
async function askProvider<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProviderNotFoundError) throw new AppError(404, 'PAYMENT_NOT_FOUND');
    if (error instanceof ProviderUnavailableError || error instanceof ProviderRejectedError) {
      throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
    }
    throw error;
  }
}

/** Compares digests so neither the length nor the content of the secret leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const provider = options.provider ?? choosePaymentProvider(app.config, app.db, app.paymentKeys);
  const deps: PaymentDeps = { db: app.db, provider, log: app.log, changes: app.changes };

  app.post(
    apiPaths.verifyPayment.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: 'Confirm a payment by its id: the server asks the provider, then pays the order',
        security: [{ session: [] }, { bearer: [] }],
        body: verifyPaymentBodySchema,
        response: { 200: verifyPaymentAnswerSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const settlement = await askProvider(() => verifyPayment(deps, request.body.id, { userId: user.id }));
      if (!settlement.ok) throw new AppError(settlement.status, settlement.code);
      return {
        invoiceId: settlement.order.id,
        number: settlement.order.number,
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
        security: [{ session: [] }, { bearer: [] }],
        querystring: sandboxPayQuery,
        body: sandboxPayBodySchema,
        response: { 200: sandboxPayAnswerSchema },
      },
    },
    async (request) => {
      if (!app.config.paymentSandbox) throw new AppError(404, 'PAYMENT_SANDBOX_DISABLED');
      const user = requireUser(request);
      const body = request.body;
      const order = await findOrder(app.db, body.invoiceId);
      if (!order) throw new AppError(404, 'ORDER_NOT_FOUND');
      requireOwner(request, order.userId);
      // A second submission answers the first payment, like Moyasar's given_id; only a new
      // payment needs an order that is still waiting for one.
      const existing = await provider.fetchPayment(order.paymentGivenId).catch((error: unknown) => {
        if (error instanceof ProviderNotFoundError) return null;
        throw error;
      });
      let payment = existing;
      if (!payment) {
        if (order.status !== 'awaiting_payment') throw new AppError(409, 'ORDER_NOT_PAYABLE');
        if (order.expiresAt <= new Date()) throw new AppError(409, 'ORDER_EXPIRED');
        payment = await chargeSandboxCard(app.db, order, body, body.amount ?? order.totalHalalas);
      }
      request.log.info({ orderId: order.id, userId: user.id, status: payment.status }, 'sandbox payment');
      const redirect = new URL(callbackUrlFor(app, request.lang));
      redirect.searchParams.set('id', payment.id);
      redirect.searchParams.set('status', payment.status);
      redirect.searchParams.set('message', payment.message);
      return {
        id: payment.id,
        status: payment.status === 'paid' ? ('paid' as const) : ('failed' as const),
        message: payment.message,
        redirectUrl: redirect.toString(),
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
      const expected = app.paymentKeys.get('webhookSecret');
      const given = request.body.secret_token;
      if (!expected || given === undefined || !sameSecret(given, expected)) {
        throw new AppError(401, 'WEBHOOK_UNAUTHORIZED');
      }
      const paymentId = request.body.data?.id;
      if (!paymentId) return { received: true as const };
      try {
        const settlement = await verifyPayment(deps, paymentId);
        request.log.info({ paymentId, ok: settlement.ok, type: request.body.type }, 'webhook settled');
      } catch (error) {
        // Moyasar retries a webhook that does not get a 2xx: worth it only when asking again helps.
        if (error instanceof ProviderUnavailableError)
          throw new AppError(503, 'PAYMENT_PROVIDER_UNAVAILABLE');
        if (!(error instanceof ProviderNotFoundError || error instanceof ProviderRejectedError)) throw error;
        request.log.warn({ err: error, paymentId }, 'webhook for a payment the provider does not know');
      }
      return { received: true as const };
    },
  );

  const intervalMs = options.reconcileIntervalMs ?? app.config.reconcileIntervalMs;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  app.addHook('onReady', async () => {
    if (intervalMs <= 0) return;
    timer = setInterval(() => {
      if (running) return;
      running = reconcilePayments(deps)
        .then((summary) => {
          if (Object.values(summary).some((n) => n > 0)) app.log.info({ summary }, 'payments reconciled');
        })
        .catch((error: unknown) => app.log.error({ err: error }, 'payment reconciliation failed'))
        .finally(() => {
          running = undefined;
        });
    }, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // The database closes after the app: let a run in progress finish first.
    await running;
  });
};
