import { STAFF_SESSION_COOKIE } from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './csrf.ts';

/**
 * The shop's two session cookies and the one way each is written: on an API answer
 * (`setSessionCookie`, through the reply) and on a page action's answer (`sessionCookieHeader`,
 * a Set-Cookie value for `ActionResult.cookies`), with the same options either way.
 */

export interface SessionCookie {
  name: string;
  sameSite: 'lax' | 'strict';
}

/** The shopper's session: Lax, so a link to the shop from elsewhere still arrives signed in. */
export const SHOPPER_COOKIE: SessionCookie = { name: SESSION_COOKIE, sameSite: 'lax' };

/** The back office's session: Strict, so no other site can make a browser send it, not even on a top-level link. */
export const BACK_OFFICE_COOKIE: SessionCookie = { name: STAFF_SESSION_COOKIE, sameSite: 'strict' };

/** A session as its cookie carries it; null clears the cookie. */
export type CookieSession = { token: string; expiresAt: Date } | null;

/** The cookie's options: httpOnly, the whole site, Secure in production or over https. */
function cookieOptions(cookie: SessionCookie, request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: cookie.sameSite,
    secure: request.server.config.env === 'production' || request.protocol === 'https',
  };
}

/** The cookie's value and options for a session: its token until it expires, or cleared. */
function cookieOf(cookie: SessionCookie, request: FastifyRequest, session: CookieSession) {
  const options = cookieOptions(cookie, request);
  return session
    ? { value: session.token, options: { ...options, expires: session.expiresAt } }
    : { value: '', options: { ...options, expires: new Date(0), maxAge: 0 } };
}

/** Sets (or clears, for null) a session cookie on an API answer. */
export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  cookie: SessionCookie,
  session: CookieSession,
): void {
  const { value, options } = cookieOf(cookie, request, session);
  void reply.setCookie(cookie.name, value, options);
}

/** The same cookie as a Set-Cookie header value, for a page action's answer. */
export function sessionCookieHeader(
  request: FastifyRequest,
  cookie: SessionCookie,
  session: CookieSession,
): string {
  const { value, options } = cookieOf(cookie, request, session);
  return request.server.serializeCookie(cookie.name, value, options);
}
