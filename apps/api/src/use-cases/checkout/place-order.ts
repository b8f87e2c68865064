import type { Db } from '../../db/client.ts';
import type { ChangeEvents } from '../../lib/change-events.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { applyStockChanges, OutOfStockError } from '../../modules/catalog/stock.ts';
import { cartForCheckout } from '../../modules/cart/service.ts';
import { getSettings, shippingFeeFor } from '../../modules/settings/service.ts';
import { supersedeAwaiting } from '../../modules/orders/lifecycle.ts';
import { createOrder, type DeliveryDetails } from '../../modules/orders/service.ts';
import { announceStock } from './steps.ts';

/**
 * Places an order from the shopper's own cart, in one transaction:
 *
 * 1. cart: the lines, with each product's current price and names (400 CART_EMPTY);
 * 2. orders: the shopper's earlier orders still awaiting payment are superseded (expired), so
 *    going back to the cart and ordering again never locks the shopper out of their own units;
 * 3. catalog: their units go back on the shelf and the cart's units are reserved, in one pass
 *    per product (409 OUT_OF_STOCK naming the cart line that could not be covered);
 * 4. orders: the order is priced at catalog prices (offer price when there is one; shipping
 *    from the settings) and created awaiting payment (400 ORDER_NOT_PAYABLE under 1 SAR).
 *
 * A step that fails throws, and the transaction undoes the steps before it. The cart is left
 * as it is: the products leave it when the order is paid (see steps.ts). Once committed, the
 * caches are told which products' stock changed.
 */
export async function placeOrder(
  deps: { db: Db; changes: ChangeEvents },
  userId: string,
  delivery: DeliveryDetails,
  ttlMinutes: number,
  now = new Date(),
) {
  const placed = await deps.db.transaction(async (tx) => {
    const settings = await getSettings(tx);
    const cart = await cartForCheckout(tx, userId);
    if (cart.length === 0) throw badRequest('CART_EMPTY');

    const released = await supersedeAwaiting(tx, userId, now);
    try {
      await applyStockChanges(tx, [
        ...released.map((u) => ({ productId: u.productId, reserve: 0, release: u.quantity })),
        ...cart.map((l) => ({ productId: l.productId, reserve: l.quantity, release: 0 })),
      ]);
    } catch (error) {
      if (!(error instanceof OutOfStockError)) throw error;
      const index = cart.findIndex((l) => l.productId === error.productId);
      throw new AppError(409, 'OUT_OF_STOCK', [{ path: `products.${index}`, code: 'OUT_OF_STOCK' }]);
    }

    const created = await createOrder(tx, {
      userId,
      delivery,
      products: cart,
      shippingHalalas: shippingFeeFor(
        settings,
        cart.reduce((sum, l) => sum + (l.offerPriceHalalas ?? l.priceHalalas) * l.quantity, 0),
      ),
      ttlMinutes,
      now,
    });
    return { ...created, moved: [...released, ...cart] };
  });
  await announceStock(deps.changes, placed.moved);
  return { order: placed.order, lines: placed.lines };
}
