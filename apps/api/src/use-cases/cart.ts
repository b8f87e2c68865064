import type { CartInsertResponse } from '@shop/contract';
import type { Db } from '../db/client.ts';
import { forbidden, notFound } from '../lib/errors.ts';
import type { Shop } from '../lib/shop.ts';
import { variantToBuy, type VariantChoice } from '../modules/catalog/variants.ts';
import {
  addToCart as addProduct,
  clearCart,
  findLine,
  removeLine,
  setLineCount,
} from '../modules/cart/service.ts';

/**
 * The shopper's changes to their cart (docs/requirements/rules.md, Cart), for the API's cart
 * calls and the cart and product pages alike. Each touches the asking shopper's own lines only:
 * a line of someone else's cart is refused here, once, whoever asks.
 */

type Line = Pick<CartInsertResponse, 'carId' | 'productCount'>;

/** A line of the shopper's cart with its product's stock: 404 when there is none, 403 when it is someone else's. */
async function ownLine(db: Db, shopperId: string, carId: number) {
  const line = await findLine(db, carId);
  if (!line) throw notFound('CART_ITEM_NOT_FOUND');
  if (line.userId !== shopperId) throw forbidden();
  return line;
}

/**
 * One more unit of a visible product's variant (the one chosen, or the product's only one): a
 * new line, or one more on its line. 404 for no such product or variant, 400 VARIANT_REQUIRED
 * when the product has several and none is chosen, 409 when it is out of stock or its line is
 * at the stock or the per-line limit.
 */
export async function addToCart(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  productId: number,
  choice: VariantChoice = {},
): Promise<Line> {
  const variant = await variantToBuy(shop.db, productId, choice);
  return addProduct(shop.db, shopperId, variant);
}

/** A line's new quantity, at most its product's stock and the per-line limit (400, 409). */
export async function setCartLineCount(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  carId: number,
  count: number,
): Promise<Line> {
  const line = await ownLine(shop.db, shopperId, carId);
  const row = await setLineCount(shop.db, shopperId, carId, count, line.stock);
  // Removed meanwhile (another tab, an order paid).
  if (!row) throw notFound('CART_ITEM_NOT_FOUND');
  return row;
}

/** Takes one line out of the shopper's cart. */
export async function removeCartLine(
  shop: Pick<Shop, 'db'>,
  shopperId: string,
  carId: number,
): Promise<void> {
  await ownLine(shop.db, shopperId, carId);
  await removeLine(shop.db, shopperId, carId);
}

/** Empties the shopper's cart. */
export function emptyCart(shop: Pick<Shop, 'db'>, shopperId: string): Promise<void> {
  return clearCart(shop.db, shopperId);
}
