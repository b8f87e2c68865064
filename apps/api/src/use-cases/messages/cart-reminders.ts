import type { Shop } from '../../lib/shop.ts';
import { cartsWaitingSince, claimCartReminder } from '../../modules/cart/service.ts';
import { queueMessages } from '../../modules/messages/service.ts';
import { lastOrderTimes } from '../../modules/orders/service.ts';
import { getSettings } from '../../modules/settings/service.ts';

/**
 * Reminders of a cart left waiting (decision 226): each run of the delivery task looks for
 * signed-in shoppers' carts untouched for the owner's `abandonedCartHours` (0: never), and
 * queues one "your cart is waiting" message for each, on the channels the shopper chose for
 * reminders. A cart is reminded of once: the claim names the cart by when its first line was
 * added, so neither a second run nor a second process sends another; a cart emptied by a paid
 * order and filled again is a new cart. No reminder goes to a shopper who ordered after their
 * last change of the cart (they are paying, or chose to stop there).
 */
export async function remindWaitingCarts(
  deps: Pick<Shop, 'db'>,
  now = new Date(),
  limit = 200,
): Promise<number> {
  const { abandonedCartHours } = await getSettings(deps.db);
  if (abandonedCartHours <= 0) return 0;
  const before = new Date(now.getTime() - abandonedCartHours * 3_600_000);
  // A cart left a week beyond its reminder time is old news (carts from before reminders were
  // switched on, or while they were off): it is not reminded of.
  const since = new Date(before.getTime() - 7 * 24 * 3_600_000);
  return deps.db.transaction(async (tx) => {
    const carts = await cartsWaitingSince(tx, since, before, limit); // cart
    const ordered = await lastOrderTimes(
      tx,
      carts.map((c) => c.userId),
    ); // orders
    let queued = 0;
    for (const cart of carts) {
      const lastOrder = ordered.get(cart.userId);
      if (lastOrder && lastOrder >= cart.touchedAt) continue;
      if (!(await claimCartReminder(tx, cart.userId, cart.startedAt))) continue; // cart
      queued += await queueMessages(tx, {
        userId: cart.userId,
        event: 'cart.abandoned',
        subject: `${cart.userId}:${cart.startedAt.toISOString()}`,
        data: { itemCount: String(cart.units) },
      }); // messages
    }
    return queued;
  });
}
