import {
  creditNoteParams,
  creditNoteSchema,
  okMessage,
  orderRefundsSchema,
  refundAnswerSchema,
  refundBodySchema,
  refundLangQuery,
  refundOrderParams,
  refundPaths,
  sarToHalalas,
  shopperCreditNoteParams,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { shopOrigin } from '../../lib/public-origin.ts';
import { requireOwner } from '../../modules/users/sessions.ts';
import { refundOrder, type RefundDeps } from '../../use-cases/checkout/refund-order.ts';
import { mailShopperAboutOrder } from '../../use-cases/shopper-mail.ts';
import { findOrder, linesOfOrders } from '../../modules/orders/service.ts';
import { choosePaymentProvider } from '../../modules/payments/choose-provider.ts';
import type { PaymentProvider } from '../../modules/payments/provider.ts';
import { auditActor } from '../staff-guard.ts';
import { presentAdminRefund } from '../../views/refunds/present.ts';
import { readCreditNote, readOrderRefunds } from '../../views/refunds/read.ts';

const TAG = ['admin'];
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];
const shopperSession: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];

export interface RefundRoutesOptions {
  /** Defaults to the configured provider (sandbox or Moyasar). */
  provider?: PaymentProvider;
}

export const refundRoutes: FastifyPluginAsyncZod<RefundRoutesOptions> = async (app, options) => {
  const provider = options.provider ?? choosePaymentProvider(app.config, app.db, app.paymentKeys);
  const deps: RefundDeps = {
    db: app.db,
    provider,
    log: app.log,
    changes: app.changes,
    refunded: ({ refund, order }) =>
      mailShopperAboutOrder(
        { db: app.db, mailer: app.mailer, log: app.log, origin: shopOrigin(app) },
        order.id,
        {
          kind: 'refunded',
          amountHalalas: refund.amountHalalas,
          refundedHalalas: order.refundedHalalas,
          totalHalalas: order.totalHalalas,
          creditNoteNumber: refund.creditNoteNumber ?? 0,
          reason: refund.reason,
        },
      ),
  };

  async function orderOr404(id: string) {
    const order = await findOrder(app.db, id);
    if (!order) throw new AppError(404, 'ORDER_NOT_FOUND');
    return order;
  }

  app.get(
    refundPaths.orderRefunds.pattern,
    {
      schema: {
        tags: TAG,
        summary: "An order's refunds, what is left to refund and its lines (for the refund page)",
        security: staffCookie,
        params: refundOrderParams,
        querystring: refundLangQuery,
        response: { 200: orderRefundsSchema },
      },
    },
    async (request) =>
      readOrderRefunds(app.db, await orderOr404(request.params.id), provider.name, request.lang),
  );

  app.post(
    refundPaths.orderRefunds.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Refund all or part of a paid order through the payment provider (owner)',
        description:
          '`amount` in SAR with VAT, at most what was paid minus what was refunded (422 REFUND_AMOUNT_TOO_LARGE). ' +
          '`returnStock` puts units of order lines back on the shelf. The same `idempotencyKey` answers the same ' +
          'refund (200) and never refunds twice; a refund of the order already under way: 409 REFUND_IN_PROGRESS; ' +
          'the provider refused: 422 REFUND_REJECTED; could not be reached: 503 (send the same request again).',
        security: staffCookie,
        params: refundOrderParams,
        querystring: refundLangQuery,
        body: refundBodySchema,
        response: { 200: refundAnswerSchema, 201: refundAnswerSchema },
      },
    },
    async (request, reply) => {
      const { amount, reason, returnStock, idempotencyKey } = request.body;
      const { refund, replayed } = await refundOrder(
        deps,
        request.params.id,
        { amountHalalas: sarToHalalas(amount), reason, returnStock, idempotencyKey },
        auditActor(request),
      );
      const order = await orderOr404(request.params.id);
      const lines = (await linesOfOrders(app.db, [order.id])).get(order.id) ?? [];
      void reply.status(replayed ? 200 : 201);
      return {
        ...okMessage('REFUNDED', request.lang),
        code: 'REFUNDED' as const,
        refund: presentAdminRefund(refund, lines, request.lang),
        order: await readOrderRefunds(app.db, order, provider.name, request.lang),
      };
    },
  );

  app.get(
    refundPaths.adminCreditNote.pattern,
    {
      schema: {
        tags: TAG,
        summary: "A refund's simplified credit note with its ZATCA QR code",
        security: staffCookie,
        params: creditNoteParams,
        querystring: refundLangQuery,
        response: { 200: creditNoteSchema },
      },
    },
    async (request) => {
      const order = await orderOr404(request.params.id);
      const note = await readCreditNote(app.db, order, request.params.refundId, request.lang);
      if (!note) throw new AppError(404, 'REFUND_NOT_FOUND');
      return note;
    },
  );

  app.get(
    refundPaths.shopperCreditNote.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: 'The simplified credit note of a refund on one of the caller’s orders',
        security: shopperSession,
        params: shopperCreditNoteParams,
        querystring: refundLangQuery,
        response: { 200: creditNoteSchema },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.invoiceId);
      if (!order) {
        if (!request.user) throw new AppError(401, 'UNAUTHORIZED');
        throw new AppError(404, 'ORDER_NOT_FOUND');
      }
      requireOwner(request, order.userId);
      const note = await readCreditNote(app.db, order, request.params.refundId, request.lang);
      if (!note) throw new AppError(404, 'REFUND_NOT_FOUND');
      return note;
    },
  );
};
