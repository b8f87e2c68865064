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

const NOT_A_PAGE = /^\/(api|uploads|assets|locales)(\/|$)/;

/** True for the paths the storefront's pages do not answer: the API and the static files. */
export function isApiPath(url: string): boolean {
  return NOT_A_PAGE.test(url.split('?')[0] ?? '/');
}

/**
 * Whether a request says it comes from this site: its Origin (or, without one, its Referer)
 * names the host it was sent to, or the shop's public host. A request with neither is not.
 */
export function comesFromThisSite(request: FastifyRequest): boolean {
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    return false;
  }
  const publicUrl = request.server.config.publicUrl;
  return host === request.host || (publicUrl !== undefined && host === new URL(publicUrl).host);
}

/**
 * One rule for every state-changing request a browser can be made to send (decision 151):
 * it must come from this site (`comesFromThisSite`), or it is refused with 403 CSRF_REJECTED
 * before anything reads its body.
 *
 * - Under `/api/admin`: always, with or without a cookie and whatever its headers: the back
 *   office has browser clients only, and its sign-in must not be forged either.
 * - A page (a form posted to a page's action, the `.data` request of a page's action, on the
 *   storefront and in the back office alike): always. A page action calls the API in-process
 *   and speaks for the page's own origin there, so this is where its origin is checked; every
 *   browser sends Origin with a form it posts.
 * - The rest of the API: calls authenticated by the session cookie. Calls authenticated by
 *   `Authorization: Bearer`, or by nothing, carry no ambient credential and pass.
 */
export async function csrfGuard(request: FastifyRequest, _reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method)) return;
  if (!isBackOfficeRequest(request) && isApiPath(request.url)) {
    if (!request.cookies?.[SESSION_COOKIE]) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
  }
  if (!comesFromThisSite(request)) throw new AppError(403, 'CSRF_REJECTED');
}
