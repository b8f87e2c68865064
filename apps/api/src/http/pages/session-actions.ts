import type { ActionResult, Lang } from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import { sessionCookieHeader, type CookieSession, type SessionCookie } from '../cookies.ts';
import { pageAction } from './page-calls.ts';

/**
 * A page's change that starts or ends a session (signing in or out, a new password): its
 * answer, with the session's cookie set (or cleared, for null) as the API's call sets it, or
 * left as it is (undefined: a sign-in that still needs its second step). The session itself
 * stays out of the answer: the page gets the cookie, never the token.
 */
export async function sessionAction<T>(
  request: FastifyRequest,
  cookie: SessionCookie,
  lang: Lang,
  change: () => Promise<{ value: T; session: CookieSession | undefined }>,
): Promise<ActionResult<T>> {
  let session: CookieSession | undefined;
  return pageAction(
    lang,
    async () => {
      const done = await change();
      session = done.session;
      return done.value;
    },
    () => (session === undefined ? [] : [sessionCookieHeader(request, cookie, session)]),
  );
}
