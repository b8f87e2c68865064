import type { Lang } from '@shop/contract';
import type { FastifyInstance } from 'fastify';
import { shopOrigin } from '../../lib/public-origin.ts';

/**
 * Where the payment provider sends the shopper back: the all-orders page in the shopper's
 * language (docs/requirements/screens.md, Payment), absolute because Moyasar redirects from its own
 * domain. Built from the shop's configured origin, never the request's Host, so a forged Host cannot pick the target.
 */
export function callbackUrlFor(app: FastifyInstance, lang: Lang): string {
  return `${shopOrigin(app)}${lang === 'en' ? '/en' : ''}/user/allorders`;
}
