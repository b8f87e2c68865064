import { ADMIN_PREFIX } from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const underAdmin = (path: string) => path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`);

/**
 * Whether a request is for the back office: the pattern of the route it matched (the router
 * decodes `%61` and the like before matching) or, when a catch-all or no route took it, its
 * raw path.
 */
export function isBackOfficeRequest(request: FastifyRequest): boolean {
  const pattern = request.routeOptions.url;
  return (pattern !== undefined && underAdmin(pattern)) || underAdmin(request.url.split('?')[0] ?? '');
}
export const SESSION_COOKIE = 'session';

/**
 * State-changing calls authenticated by the session cookie must come from this site:
 * the Origin (or, without it, the Referer) must name the host the request was sent to.
 * Calls authenticated by `Authorization: Bearer` carry no ambient credential and pass.
 * Under `/api/admin` every state-changing call is checked, with or without a cookie and
 * whatever its headers: the back office has browser clients only, and its sign-in must not
 * be forged either.
 */
export async function csrfGuard(request: FastifyRequest, _reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method)) return;
  if (!isBackOfficeRequest(request)) {
    if (!request.cookies?.[SESSION_COOKIE]) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
  }
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) throw new AppError(403, 'CSRF_REJECTED');
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    throw new AppError(403, 'CSRF_REJECTED');
  }
  const allowed = new Set([request.host]);
  const publicUrl = request.server.config.publicUrl;
  if (publicUrl) allowed.add(new URL(publicUrl).host);
  if (!allowed.has(host)) throw new AppError(403, 'CSRF_REJECTED');
}
