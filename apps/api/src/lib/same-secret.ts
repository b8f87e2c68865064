import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether a secret someone sent is the one expected (a webhook's token, the control socket's
 * token). The digests are compared, in constant time, so neither the secret's length nor its
 * content leaks through how long the answer takes.
 */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
