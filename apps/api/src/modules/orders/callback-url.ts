import type { Lang } from '@shop/contract';
import type { Shop } from '../../lib/shop.ts';

/**
 * Where the payment provider sends the shopper back: the all-orders page in the shopper's
 * language (docs/requirements/screens.md, Payment), absolute because Moyasar redirects from its own
 * domain. Built from the shop's configured origin, never the request's Host, so a forged Host cannot pick the target.
 */
export function callbackUrlFor(shop: Pick<Shop, 'origin'>, lang: Lang): string {
  return `${shop.origin()}${lang === 'en' ? '/en' : ''}/user/allorders`;
}
