import type { Shop } from '../../lib/shop.ts';
import { queueMessages } from '../../modules/messages/service.ts';
import {
  markStockRequestAnswered,
  markWatched,
  stockRequestsDue,
  watchedChanges,
} from '../../modules/wishlist/service.ts';

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

/**
 * "Tell me when it is back" (decision 225): each run queues one message for every waiting
 * request whose variant has stock again, on the channels the shopper chose for that kind (e-mail
 * unless they turned it off), and marks the request answered in the same transaction. The key
 * names the request and when it was made, so two processes looking at once queue one message,
 * and a request made again after an answer gets its own.
 */
export async function answerStockRequests(deps: Pick<Shop, 'db'>, limit = 500): Promise<number> {
  return deps.db.transaction(async (tx) => {
    let queued = 0;
    for (const due of await stockRequestsDue(tx, limit)) {
      queued += await queueMessages(tx, {
        userId: due.userId,
        event: 'stock.back_in_stock',
        subject: `${due.id}:${due.askedAt.toISOString()}`,
        data: {
          productId: String(due.productId),
          'productName@ar': due.nameAr,
          'productName@en': due.nameEn,
        },
      });
      await markStockRequestAnswered(tx, due.id);
    }
    return queued;
  });
}
