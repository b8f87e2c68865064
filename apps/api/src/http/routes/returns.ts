import {
  adminReturnsPageSchema,
  adminReturnsQuery,
  langOnlyQuery,
  okMessage,
  okSchema,
  orderReturnParams,
  RETURN_PHOTO_FIELDS,
  returnApproveSchema,
  returnIdParams,
  returnPaths,
  returnRefundSchema,
  returnRejectSchema,
  returnRequestInputSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/errors.ts';
import { decideReturn, receiveReturn, refundReturn, requestReturn } from '../../use-cases/returns.ts';
import { adminReturnsPage } from '../../views/returns/present.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from '../form.ts';
import { ADMIN_TAG, SHOPPER_SESSION, STAFF_COOKIE } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';
import { auditActor } from '../staff-guard.ts';
import { RETURN_PHOTOS, withStoredImages } from '../uploads.ts';

/** A multipart form's `lines` arrive as JSON text; a JSON body's as the array itself. */
function linesOf(fields: Record<string, unknown>): Record<string, unknown> {
  if (typeof fields.lines !== 'string') return fields;
  try {
    return { ...fields, lines: JSON.parse(fields.lines) as unknown };
  } catch {
    throw new AppError(400, 'VALIDATION_FAILED', [{ path: 'lines', code: 'VALIDATION_FAILED' }]);
  }
}

/** Returns: the shopper's request, and the back office's queue and steps (decision 230). */
export const returnRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;
  const uploadsDir = app.config.uploadsDir;

  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(forms);
    forms.post(
      returnPaths.orderReturns.pattern,
      {
        schema: {
          tags: ['orders'],
          summary:
            'Ask to return units of one of the caller’s delivered orders (JSON, or multipart with photos)',
          description:
            'Body: `lines` ([{lineId, quantity}]; in multipart a JSON text), `reason` (defective, wrong_item, ' +
            'not_as_described, changed_mind, other), `details` (optional). Multipart may carry up to three photos ' +
            '`photo1`–`photo3`, checked as every upload (JPEG, PNG or WebP by their bytes, 2 MB, re-encoded). ' +
            'Refused: 404 ORDER_NOT_FOUND (not the caller’s order), 409 RETURN_NOT_RETURNABLE (not delivered, ' +
            'cancelled or fully refunded), 422 RETURN_WINDOW_CLOSED, 422 RETURN_QUANTITY_TOO_LARGE at ' +
            '`lines.<lineId>` (more than bought less what is already asked for or returned).',
          security: SHOPPER_SESSION,
          consumes: ['multipart/form-data', 'application/json'],
          params: orderReturnParams,
          querystring: langOnlyQuery,
          body: returnRequestInputSchema,
          response: { 201: okSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const form = await readForm(request, [...RETURN_PHOTO_FIELDS]);
        const input = parseBody(returnRequestInputSchema, linesOf(form.fields));
        const photos = RETURN_PHOTO_FIELDS.map((field) => form.files.get(field));
        await withStoredImages(uploadsDir, photos, RETURN_PHOTOS, (paths) =>
          requestReturn(shop, user.id, request.params.invoiceId, input, paths),
        );
        void reply.status(201);
        return okMessage('RETURN_REQUESTED', request.lang);
      },
    );
  });

  app.get(
    returnPaths.adminReturns.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'The queue of return requests, newest first',
        description:
          'Filters: `status` (requested, approved, rejected, received, refunded), `q` (an order number or its ' +
          'first digits); `page` and `pageSize` (1–100, default 25).',
        security: STAFF_COOKIE,
        querystring: adminReturnsQuery,
        response: { 200: adminReturnsPageSchema },
      },
    },
    async (request) => adminReturnsPage(app.db, request.query, request.lang),
  );

  const step = {
    tags: ADMIN_TAG,
    security: STAFF_COOKIE,
    params: returnIdParams,
    querystring: langOnlyQuery,
    response: { 200: okSchema },
  };

  app.post(
    returnPaths.adminReturnApprove.pattern,
    {
      schema: {
        ...step,
        summary:
          'Approve a requested return, with an optional note the shopper reads; the shopper is messaged',
        body: returnApproveSchema,
      },
    },
    async (request) => {
      await decideReturn(shop, request.params.id, 'approved', request.body.note, auditActor(request));
      return okMessage('RETURN_APPROVED', request.lang);
    },
  );

  app.post(
    returnPaths.adminReturnReject.pattern,
    {
      schema: {
        ...step,
        summary: 'Reject a requested return with the note the shopper reads; the shopper is messaged',
        body: returnRejectSchema,
      },
    },
    async (request) => {
      await decideReturn(shop, request.params.id, 'rejected', request.body.note, auditActor(request));
      return okMessage('RETURN_REJECTED', request.lang);
    },
  );

  app.post(
    returnPaths.adminReturnReceive.pattern,
    { schema: { ...step, summary: 'Mark the goods of an approved return received' } },
    async (request) => {
      await receiveReturn(shop, request.params.id, auditActor(request));
      return okMessage('RETURN_RECEIVED', request.lang);
    },
  );

  app.post(
    returnPaths.adminReturnRefund.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        ...step,
        summary:
          'Owners: refund a received return (its lines’ amounts) through the order’s refund, its units back on sale when `returnStock`',
        description:
          'The refund is keyed by the request: sending it again after a failure finishes the same refund, never a second. ' +
          'The refund’s own refusals apply (REFUND_REJECTED, REFUND_PROVIDER_UNAVAILABLE, REFUND_IN_PROGRESS).',
        body: returnRefundSchema,
      },
    },
    async (request) => {
      await refundReturn(
        { ...shop, provider: app.payments, tabby: app.tabby, tamara: app.tamara },
        request.params.id,
        request.body,
        auditActor(request),
      );
      return okMessage('RETURN_REFUNDED', request.lang);
    },
  );
};
