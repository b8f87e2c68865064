import { okMessage, type BackOfficeDiscountCodes, type BackOfficePromotions } from '@shop/contract';
import {
  createDiscountCode,
  createPromotion,
  saveDiscountCode,
  savePromotion,
} from '../../../use-cases/discounts.ts';
import { adminPromotion, adminPromotions } from '../../../views/back-office/promotions.ts';
import { adminDiscountCode, adminDiscountCodes } from '../../../views/back-office/discounts.ts';
import { found } from '../../openapi.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The discount codes pages: any member reads; owners create and change (the API's rule). */
export function discountPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeDiscountCodes {
  const shop = app.shop;
  return {
    discountCodes: (query) => read({}, () => adminDiscountCodes(shop.db, query)),
    discountCode: (id) =>
      read({}, async () => found(await adminDiscountCode(shop.db, id), 'DISCOUNT_CODE_NOT_FOUND')),
    createDiscountCode: (input) =>
      act({ role: 'owner' }, async (by) => {
        const row = await createDiscountCode(shop, input, by);
        return { ...okMessage('DISCOUNT_CODE_SAVED', lang), id: row.id };
      }),
    saveDiscountCode: (id, input) =>
      act({ role: 'owner' }, async (by) => {
        found(await saveDiscountCode(shop, id, input, by), 'DISCOUNT_CODE_NOT_FOUND');
        return { ...okMessage('DISCOUNT_CODE_SAVED', lang), id };
      }),
  };
}

/** The promotions pages: any member reads; owners create and change (the API's rule). */
export function promotionPages({ app, lang, read, act }: BackOfficePageContext): BackOfficePromotions {
  const shop = app.shop;
  return {
    promotions: (query) => read({}, () => adminPromotions(shop.db, query)),
    promotion: (id) => read({}, async () => found(await adminPromotion(shop.db, id), 'PROMOTION_NOT_FOUND')),
    createPromotion: (input) =>
      act({ role: 'owner' }, async (by) => {
        const row = await createPromotion(shop, input, by);
        return { ...okMessage('PROMOTION_SAVED', lang), id: row.id };
      }),
    savePromotion: (id, input) =>
      act({ role: 'owner' }, async (by) => {
        found(await savePromotion(shop, id, input, by), 'PROMOTION_NOT_FOUND');
        return { ...okMessage('PROMOTION_SAVED', lang), id };
      }),
  };
}
