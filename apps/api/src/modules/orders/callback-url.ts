import type { FastifyRequest } from 'fastify';
import { shopOrigin } from '../../lib/public-origin.ts';

/**
 * Where the payment provider sends the shopper back: the all-orders page in the shopper's
 * language (docs/requirements/screens.md, Payment), absolute because Moyasar redirects from its own domain. Built from the
 * shop's configured origin, never the request's Host, so a forged Host cannot pick the target.
 */
export function callbackUrl(request: FastifyRequest): string {
  return `${shopOrigin(request.server)}${request.lang === 'en' ? '/en' : ''}/user/allorders`;
}
