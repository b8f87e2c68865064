import type { Shop } from '../../lib/shop.ts';
import { queueMessages } from '../../modules/messages/service.ts';
import { markWatched, watchedChanges } from '../../modules/wishlist/service.ts';

/**
 * The wishlist's alerts (decision 219): each run looks at the wished products whose price or
 * stock moved since the last look. A price lower than the one last seen queues one "price drop"
 * message, a product back in stock after none one "back in stock" message, on the channels the
 * shopper chose for wishlist alerts; either way what was seen becomes the new mark, so a price
 * that only rises, or the first look at a product just added, sends nothing. Keys name the
 * product and the move (old → new price), so two processes looking at once queue one message.
 */

export interface AlertSummary {
  priceDrops: number;
  backInStock: number;
}

export async function watchWishlists(deps: Pick<Shop, 'db'>, limit = 500): Promise<AlertSummary> {
  return deps.db.transaction(async (tx) => {
    const summary: AlertSummary = { priceDrops: 0, backInStock: 0 };
    for (const change of await watchedChanges(tx, limit)) {
      const names = { 'productName@ar': change.nameAr, 'productName@en': change.nameEn };
      const product = { productId: String(change.productId), ...names };
      if (change.watchedPriceHalalas !== null && change.priceHalalas < change.watchedPriceHalalas) {
        summary.priceDrops += await queueMessages(tx, {
          userId: change.userId,
          event: 'wishlist.price_drop',
          subject: `${change.userId}:${change.productId}:${change.watchedPriceHalalas}>${change.priceHalalas}`,
          data: {
            ...product,
            oldPriceHalalas: String(change.watchedPriceHalalas),
            newPriceHalalas: String(change.priceHalalas),
          },
        });
      }
      if (change.watchedInStock === false && change.inStock) {
        summary.backInStock += await queueMessages(tx, {
          userId: change.userId,
          event: 'wishlist.back_in_stock',
          subject: `${change.userId}:${change.productId}:${new Date().toISOString()}`,
          data: product,
        });
      }
      await markWatched(tx, change.id, change);
    }
    return summary;
  });
}
