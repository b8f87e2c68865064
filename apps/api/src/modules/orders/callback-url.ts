import type { FastifyRequest } from 'fastify';

/**
 * Where the payment provider sends the shopper back: the all-orders page in the shopper's
 * language (docs/requirements/screens.md, Payment), absolute because Moyasar redirects from its own domain. PUBLIC_URL wins
 * over the request's host so a spoofed Host header cannot pick the redirect target.
 */
export function callbackUrl(request: FastifyRequest): string {
  const origin = request.server.config.publicUrl ?? `${request.protocol}://${request.host}`;
  return `${origin}${request.lang === 'en' ? '/en' : ''}/user/allorders`;
}
