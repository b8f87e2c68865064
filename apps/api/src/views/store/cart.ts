import { halalasToSar, type Cart, type CartDiscount, type Lang } from '@shop/contract';
import { shownPromotion } from '../promotions.ts';
import type { Db } from '../../db/client.ts';
import { countCartUnits, readCartForCode } from '../../modules/cart/service.ts';
import { cartCodeOf, judgeFor } from '../../modules/discounts/service.ts';
import { getSettings, shippingFeeFor } from '../../modules/settings/service.ts';
import { refusalMessage } from '../../modules/discounts/refusal.ts';
import { promoteLines, type PromotedLine } from '../../modules/discounts/promotions.ts';
import type { PromotionBoard } from '../../modules/discounts/promotion-board.ts';

/**
 * A shopper's cart, for the API's cart call and the storefront's cart page and header badge.
 * The callers give the shopper whose session asks: a cart is only ever read for its owner.
 */

/**
 * The cart priced from the catalog now, with its names in `lang`, and its discount code judged
 * against it now: what it takes off each line, or why it does not apply any more. The running
 * promotions come from the process's board, current as of every change published (the catalog's
 * answers are priced from it too), not from a statement per cart; placing the order reads them
 * again in its transaction.
 */
export async function shopperCart(
  db: Db,
  promotions: PromotionBoard,
  shopperId: string,
  lang: Lang,
  now = new Date(),
  /** False when the session's read said no code is on the cart: the code is not read. */
  withCode = true,
): Promise<Cart> {
  const [read, code, running] = await Promise.all([
    readCartForCode(db, shopperId, lang),
    withCode ? cartCodeOf(db, shopperId) : null,
    promotions.current(now),
  ]);
  const lines = promoteLines(running, read.lines, now);
  const cart = promotedCart(read.cart, lines, lang);
  if (!code || lines.length === 0) return cart;
  const goods = lines.reduce((s, l) => s + l.amountHalalas, 0);
  const fee = shippingFeeFor(await getSettings(db), goods);
  const verdict = await judgeFor(db, code, shopperId, lines, fee, now);
  const discountCode: CartDiscount = verdict.ok
    ? {
        code: code.code,
        kind: code.kind,
        valid: true,
        discount: halalasToSar(verdict.price.goodsHalalas),
        freeShipping: verdict.price.shippingWaivedHalalas > 0,
        lines: lines
          .map((l, i) => ({ carId: l.carId, discount: halalasToSar(verdict.price.perLine[i]!) }))
          .filter((l) => l.discount > 0),
      }
    : {
        code: code.code,
        kind: code.kind,
        valid: false,
        errorCode: verdict.code,
        error: refusalMessage(verdict, lang),
        discount: 0,
        freeShipping: false,
        lines: [],
      };
  return { ...cart, discountCode };
}

/**
 * The cart's lines at their promoted prices (decision 228): the unit price a running promotion
 * lowers, the price before it struck through, its name and end, and the total of what is charged.
 */
function promotedCart(cart: Cart, lines: readonly PromotedLine[], lang: Lang): Cart {
  if (!lines.some((l) => l.promoted)) return cart;
  const cartProduct = cart.cartProduct.map((item, i) => {
    const promoted = lines[i]?.promoted;
    if (!promoted) return item;
    return {
      ...item,
      productPrice: halalasToSar(lines[i]!.unitHalalas),
      productPriceBeforeOffer: item.productPriceBeforeOffer ?? item.productPrice,
      promotion: shownPromotion(promoted.promotion, lang),
    };
  });
  const total = lines.reduce((sum, l) => sum + l.amountHalalas, 0);
  return { ...cart, cartProduct, cartTotalPrice: halalasToSar(total) };
}

/** The units in the cart (its badge), without reading its products. */
export function shopperCartUnits(db: Db, shopperId: string): Promise<number> {
  return countCartUnits(db, shopperId);
}
