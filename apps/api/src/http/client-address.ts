import { normalizeIP } from '@fastify/rate-limit';

/**
 * The key a request is rate-limited by: its address, as the rate-limit plugin keys it by
 * default (an IPv6 address by its /64 network, so one household or server cannot dodge the
 * limit by cycling through its addresses). A request whose client hung up before it was read
 * has no address any more (its socket is closed): it is answered to nobody, so it is counted
 * under one key of its own instead of failing with a 500 and an error in the log.
 */
export function rateLimitKey(request: { ip: string | undefined }): string {
  return request.ip ? normalizeIP(request.ip) : 'client-gone';
}
