import { okMessage, type BackOfficeDiscountCodes } from '@shop/contract';
import { createDiscountCode, saveDiscountCode } from '../../../use-cases/discounts.ts';
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
