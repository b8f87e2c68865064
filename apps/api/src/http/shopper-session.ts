import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../lib/errors.ts';
import type { SessionUser } from '../modules/users/sessions.ts';
import { shopperSession } from '../views/accounts/session.ts';
import { isApiPath, SESSION_COOKIE } from './csrf.ts';

/**
 * A shopper's session as HTTP carries it: the `session` cookie (httpOnly, SameSite=Lax) or the
 * same token as `Authorization: Bearer`, resolved once per request by a global hook.
 */

/** The session token a request carries: `Authorization: Bearer` wins over the cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  // A Bearer call is judged by its header alone (the CSRF guard lets it pass on that basis),
  // so a cookie sent beside it must not be what authenticates it.
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  return request.cookies?.[SESSION_COOKIE];
}

/**
 * Global `onRequest` hook: resolves the session cookie or Bearer token to `request.user`
 * (null when there is none or it is not valid). It never refuses a request by itself;
 * routes call `requireUser` / `requireOwner`.
 */
export async function resolveSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.user = null;
  request.sessionId = null;
  request.shopperMarks = undefined;
  // A page shows the cart badge and the hearts: they come with the session, in one statement.
  // Pages are the catch-all route (files and the API have routes of their own).
  const page = request.method === 'GET' && request.routeOptions.url === '*' && !isApiPath(request.url);
  const found = await shopperSession(request.server.db, requestToken(request), page);
  if (!found) return;
  request.user = found.user;
  request.sessionId = found.sessionId;
  request.shopperMarks = found.marks;
}

/** The caller, or 401 UNAUTHORIZED. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The caller when `userId` is their own id: 401 without a session, 403 FORBIDDEN otherwise. */
export function requireOwner(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (user.id !== userId) throw forbidden();
  return user;
}

/** `onRequest` hook for a plugin whose every route needs a session: 401 before the body is read. */
export async function sessionRequired(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(request);
}
