import type { Db } from '../../db/client.ts';
import { findSession, type SessionUser } from '../../modules/users/sessions.ts';

/**
 * The shopper a session token names (the `session` cookie, or the same token as a Bearer
 * token): the live session and its active account; null for none.
 */
export function shopperSession(
  db: Db,
  token: string | undefined,
): Promise<{ sessionId: number; user: SessionUser } | null> {
  return token ? findSession(db, token) : Promise.resolve(null);
}
