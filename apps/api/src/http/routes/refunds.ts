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
import { AppError, forbidden } from '../../lib/errors.ts';
import { refundOrder } from '../../use-cases/checkout/refund-order.ts';
import {
  creditNote,
  orderRefunds,
  refundOutcome,
  shopperCreditNote,
  type CreditNoteRead,
} from '../../views/refunds/read.ts';
import { ADMIN_TAG, found, SHOPPER_SESSION, STAFF_COOKIE } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';
import { auditActor } from '../staff-guard.ts';

function noteOr404(read: CreditNoteRead) {
  if (read === 'no-order') throw new AppError(404, 'ORDER_NOT_FOUND');
  if (read === 'no-refund') throw new AppError(404, 'REFUND_NOT_FOUND');
  return read.value;
}

/** Refunds in the back office (any member reads, owners refund) and a shopper's credit notes. */
export const refundRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = app.payments;

  app.get(
    refundPaths.orderRefunds.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "An order's refunds, what is left to refund and its lines (for the refund page)",
        security: STAFF_COOKIE,
        params: refundOrderParams,
        querystring: refundLangQuery,
        response: { 200: orderRefundsSchema },
      },
    },
    async (request) =>
      found(
        await orderRefunds(app.db, { id: request.params.id }, provider.name, request.lang),
        'ORDER_NOT_FOUND',
      ),
  );

  app.post(
    refundPaths.orderRefunds.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Refund all or part of a paid order through the payment provider (owner)',
        description:
          '`amount` in SAR with VAT, at most what was paid minus what was refunded (422 REFUND_AMOUNT_TOO_LARGE). ' +
          '`returnStock` puts units of order lines back on the shelf. The same `idempotencyKey` answers the same ' +
          'refund (200) and never refunds twice; a refund of the order already under way: 409 REFUND_IN_PROGRESS; ' +
          'the provider refused: 422 REFUND_REJECTED; could not be reached: 503 (send the same request again).',
        security: STAFF_COOKIE,
        params: refundOrderParams,
        querystring: refundLangQuery,
        body: refundBodySchema,
        response: { 200: refundAnswerSchema, 201: refundAnswerSchema },
      },
    },
    async (request, reply) => {
      const { amount, reason, returnStock, idempotencyKey } = request.body;
      const { refund, replayed } = await refundOrder(
        { ...app.shop, provider, tabby: app.tabby, tamara: app.tamara },
        { id: request.params.id },
        { amountHalalas: sarToHalalas(amount), reason, returnStock, idempotencyKey },
        auditActor(request),
      );
      const outcome = found(
        await refundOutcome(app.db, refund, provider.name, request.lang),
        'ORDER_NOT_FOUND',
      );
      void reply.status(replayed ? 200 : 201);
      return { ...okMessage('REFUNDED', request.lang), code: 'REFUNDED' as const, ...outcome };
    },
  );

  app.get(
    refundPaths.adminCreditNote.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: "A refund's simplified credit note with its ZATCA QR code",
        security: STAFF_COOKIE,
        params: creditNoteParams,
        querystring: refundLangQuery,
        response: { 200: creditNoteSchema },
      },
    },
    async (request) =>
      noteOr404(await creditNote(app.db, { id: request.params.id }, request.params.refundId, request.lang)),
  );

  app.get(
    refundPaths.shopperCreditNote.pattern,
    {
      schema: {
        tags: ['orders'],
        summary: 'The simplified credit note of a refund on one of the caller’s orders',
        security: SHOPPER_SESSION,
        params: shopperCreditNoteParams,
        querystring: refundLangQuery,
        response: { 200: creditNoteSchema },
      },
    },
    async (request) => {
      const { invoiceId, refundId } = request.params;
      const read = await shopperCreditNote(
        app.db,
        requireUser(request).id,
        invoiceId,
        refundId,
        request.lang,
      );
      if (read === 'not-yours') throw forbidden();
      return noteOr404(read);
    },
  );
};
