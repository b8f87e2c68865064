import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { CART_LINE_MAX } from './constants.ts';
import { idParam } from './common.ts';
import { cartDiscountSchema } from './discounts.ts';
import { shownPromotionSchema } from './catalog.ts';

/** A cart line. Prices are SAR from the catalog at read time. */
export const cartItemSchema = z.object({
  /** The line id (the API's historical spelling). */
  carId: z.number().int(),
  productId: z.number().int(),
  /** The variant in the cart: a product without options has one. */
  variantId: z.number().int(),
  sku: z.string(),
  /** The variant's option values, e.g. "256 GB · Blue"; absent for a product without options. */
  options: z.string().optional(),
  productName: z.string(),
  productImage: z.string(),
  /** What one unit costs now: the promoted price under a promotion, else the offer price when there is one. */
  productPrice: z.number().nonnegative(),
  /** The list price, present only when the product is on offer or promoted (for the struck-through price). */
  productPriceBeforeOffer: z.number().nonnegative().optional(),
  /** The automatic promotion that lowers this line's unit price now, when one does. */
  promotion: shownPromotionSchema.optional(),
  productCount: z.number().int().positive(),
  /** Units that can be bought now; a line above it cannot be checked out. */
  productStock: z.number().int().nonnegative(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  cartProduct: z.array(cartItemSchema),
  /** Units in the cart: the sum of `productCount`. */
  cartTotalNumberOfProduct: z.number().int().nonnegative(),
  /** SAR: the sum of `productPrice × productCount`. */
  cartTotalPrice: z.number().nonnegative(),
  /** The discount code applied to the cart, when there is one. */
  discountCode: cartDiscountSchema.optional(),
});
export type Cart = z.infer<typeof cartSchema>;

/** A row id given as a number or as digits, with `code` as the error when it is not one. */
const rowId = (code: string) =>
  z
    .union([
      z.number(code),
      z
        .string()
        .regex(/^[0-9]{1,10}$/, code)
        .transform(Number),
    ])
    .pipe(z.number().int(code).positive(code).max(2_147_483_647, code));

/**
 * Add a product; adding one already in the cart adds one more unit. A product with several
 * variants needs one named, by `variantId` or by `sku` (400 VARIANT_REQUIRED otherwise); a
 * product with one variant needs neither.
 */
export const cartInsertSchema = z.object({
  productId: rowId('PRODUCT_NOT_FOUND'),
  variantId: rowId('VARIANT_NOT_FOUND').optional(),
  sku: z.string().trim().min(1, 'VARIANT_NOT_FOUND').max(64, 'VARIANT_NOT_FOUND').optional(),
  /** Optional: the cart is always the caller's; when sent it must be the caller's id. */
  userId: text().optional(),
});
export type CartInsertInput = z.input<typeof cartInsertSchema>;

/** A quantity in a path (`/Update/Cart/{carId}/{count}`): digits only, 1 or more. */
export const cartCountParam = z
  .string()
  .regex(/^[0-9]{1,6}$/, 'QUANTITY_INVALID')
  .transform(Number)
  .pipe(z.number().int().min(1, 'QUANTITY_INVALID'));

/** One line of the caller's cart, as the removal's path and the cart page's forms name it. */
export const cartLineParams = z.object({ carId: idParam });

/** A line's new quantity, as the update's path and the cart page's quantity steps give it. */
export const cartLineCountParams = cartLineParams.extend({ count: cartCountParam });

/** The quantity control of a cart line (at least 1). */
export const cartCountField = z
  .number('QUANTITY_INVALID')
  .int('QUANTITY_INVALID')
  .min(1, 'QUANTITY_INVALID')
  .max(CART_LINE_MAX, 'QUANTITY_OVER_LIMIT');

export const cartInsertResponseSchema = okSchema.extend({
  carId: z.number().int(),
  productCount: z.number().int().positive(),
});
export type CartInsertResponse = z.infer<typeof cartInsertResponseSchema>;

export const cartUpdateResponseSchema = cartInsertResponseSchema;
