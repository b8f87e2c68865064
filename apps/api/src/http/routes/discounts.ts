import {
  adminDiscountCodeOkSchema,
  adminDiscountCodePageSchema,
  adminDiscountCodeSchema,
  adminIdParams,
  discountCodeInputSchema,
  discountCodeListQuery,
  discountPaths,
  okMessage,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createDiscountCode, saveDiscountCode } from '../../use-cases/discounts.ts';
import { adminDiscountCode, adminDiscountCodes } from '../../views/back-office/discounts.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

/** The back office's discount codes: any member reads, owners create and change. */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;

  app.get(
    discountPaths.adminCodes.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'Discount codes, newest first: search by code, filter by status, with uses and the sales each brought',
        security: STAFF_COOKIE,
        querystring: discountCodeListQuery,
        response: { 200: adminDiscountCodePageSchema },
      },
    },
    async (request) => adminDiscountCodes(app.db, request.query),
  );
  app.get(
    discountPaths.adminCode.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'One discount code',
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: adminDiscountCodeSchema },
      },
    },
    async (request) => found(await adminDiscountCode(app.db, request.params.id), 'DISCOUNT_CODE_NOT_FOUND'),
  );
  app.post(
    discountPaths.adminCodes.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Create a discount code (owner)',
        description:
          '`kind` percent (`value` 1–100), fixed (`value` SAR) or free_shipping; `startsAt`/`endsAt` as Riyadh time `YYYY-MM-DDTHH:mm` or ISO with offset; `scope` order or items (with category, brand, product or variant ids). 409 DISCOUNT_CODE_TAKEN.',
        security: STAFF_COOKIE,
        body: discountCodeInputSchema,
        response: { 200: adminDiscountCodeOkSchema },
      },
    },
    async (request) => {
      const row = await createDiscountCode(shop, request.body, auditActor(request));
      const item = found(await adminDiscountCode(app.db, row.id), 'DISCOUNT_CODE_NOT_FOUND');
      return { ...okMessage('DISCOUNT_CODE_SAVED', request.lang), item };
    },
  );
  app.put(
    discountPaths.adminCode.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: "Replace a discount code's terms (owner); orders placed with it keep their price",
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: discountCodeInputSchema,
        response: { 200: adminDiscountCodeOkSchema },
      },
    },
    async (request) => {
      found(
        await saveDiscountCode(shop, request.params.id, request.body, auditActor(request)),
        'DISCOUNT_CODE_NOT_FOUND',
      );
      const item = found(await adminDiscountCode(app.db, request.params.id), 'DISCOUNT_CODE_NOT_FOUND');
      return { ...okMessage('DISCOUNT_CODE_SAVED', request.lang), item };
    },
  );
};
