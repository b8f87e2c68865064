import {
  adminDiscountCodeOkSchema,
  adminDiscountCodePageSchema,
  adminDiscountCodeSchema,
  adminIdParams,
  discountCodeInputSchema,
  discountCodeListQuery,
  discountPaths,
  okMessage,
  adminPromotionOkSchema,
  adminPromotionPageSchema,
  adminPromotionSchema,
  promotionInputSchema,
  promotionListQuery,
  promotionPaths,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createDiscountCode,
  createPromotion,
  saveDiscountCode,
  savePromotion,
} from '../../use-cases/discounts.ts';
import { adminPromotion, adminPromotions } from '../../views/back-office/promotions.ts';
import { periodicTask } from '../../lib/periodic.ts';
import { adminDiscountCode, adminDiscountCodes } from '../../views/back-office/discounts.ts';
import { ADMIN_TAG, found, STAFF_COOKIE } from '../openapi.ts';
import { auditActor } from '../staff-guard.ts';

export interface DiscountRoutesOptions {
  /** How often this process looks whether a promotion started or ended; 0: never (tests run it by hand). */
  promotionScheduleMs?: number;
}

/**
 * The back office's discount codes and automatic promotions: any member reads, owners create
 * and change. Every 15 s each process looks whether a promotion started or ended and, when one
 * did, publishes it: the rendered pages that show prices are dropped within the minute.
 */
export const discountRoutes: FastifyPluginAsyncZod<DiscountRoutesOptions> = async (app, options) => {
  const shop = app.shop;
  const intervalMs = options.promotionScheduleMs ?? (app.config.env === 'test' ? 0 : 15_000);
  const schedule = periodicTask({ name: 'promotion schedule', intervalMs, log: app.log }, async () => {
    if (await app.promotions.tick()) await app.changes.publish({ topic: 'promotions' });
  });
  schedule.start();
  app.addHook('onClose', () => schedule.stop());

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

  // ---- automatic promotions ----

  app.get(
    promotionPaths.adminPromotions.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary:
          'Automatic promotions, newest first: search by name, filter by status, with the orders and sales each brought',
        security: STAFF_COOKIE,
        querystring: promotionListQuery,
        response: { 200: adminPromotionPageSchema },
      },
    },
    async (request) => adminPromotions(app.db, request.query),
  );
  app.get(
    promotionPaths.adminPromotion.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'One automatic promotion',
        security: STAFF_COOKIE,
        params: adminIdParams,
        response: { 200: adminPromotionSchema },
      },
    },
    async (request) => found(await adminPromotion(app.db, request.params.id), 'PROMOTION_NOT_FOUND'),
  );
  app.post(
    promotionPaths.adminPromotions.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Create an automatic promotion (owner)',
        description:
          '`kind` percent (`value` 1–100) or fixed (`value` SAR off each unit); `startsAt` and `endsAt` (required) as Riyadh time `YYYY-MM-DDTHH:mm` or ISO with offset; `scope` order (the whole catalog) or items (category, brand, product or variant ids); `combinesWithCodes` (default false: a discount code is refused on a cart with a line it lowers).',
        security: STAFF_COOKIE,
        body: promotionInputSchema,
        response: { 200: adminPromotionOkSchema },
      },
    },
    async (request) => {
      const row = await createPromotion(shop, request.body, auditActor(request));
      const item = found(await adminPromotion(app.db, row.id), 'PROMOTION_NOT_FOUND');
      return { ...okMessage('PROMOTION_SAVED', request.lang), item };
    },
  );
  app.put(
    promotionPaths.adminPromotion.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: ADMIN_TAG,
        summary: "Replace an automatic promotion's terms (owner); orders placed under it keep their price",
        security: STAFF_COOKIE,
        params: adminIdParams,
        body: promotionInputSchema,
        response: { 200: adminPromotionOkSchema },
      },
    },
    async (request) => {
      found(
        await savePromotion(shop, request.params.id, request.body, auditActor(request)),
        'PROMOTION_NOT_FOUND',
      );
      const item = found(await adminPromotion(app.db, request.params.id), 'PROMOTION_NOT_FOUND');
      return { ...okMessage('PROMOTION_SAVED', request.lang), item };
    },
  );
};
