import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Marks the API calls that page loaders make in-process (`app.inject`): the page request that
 * caused them was already counted by the rate limiter, so they are not counted again. The
 * token is random per process and never leaves it, so no client can claim to be internal.
 */
export const INTERNAL_REQUEST_HEADER = 'x-shop-internal';
export const internalRequestToken = randomBytes(32).toString('hex');
const expected = Buffer.from(internalRequestToken);

export function isInternalRequest(request: FastifyRequest): boolean {
  const value = request.headers[INTERNAL_REQUEST_HEADER];
  if (typeof value !== 'string') return false;
  const given = Buffer.from(value);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
