import type { Db } from '../../db/client.ts';
import { findSession, type SessionUser } from '../../modules/users/sessions.ts';
import { marksOf, presentMarks, type PageMarks } from '../store/wishlist.ts';

/**
 * The shopper a session token names (the `session` cookie, or the same token as a Bearer
 * token): the live session and its active account; null for none. `withMarks` (a page, whose
 * header shows the cart badge and whose hearts show the wishlist) reads the units in their cart
 * and their wished products in the same statement.
 */
export async function shopperSession(
  db: Db,
  token: string | undefined,
  withMarks = false,
): Promise<{ sessionId: number; user: SessionUser; marks?: PageMarks } | null> {
  if (!token) return null;
  const found = await findSession(db, token, withMarks ? marksOf : undefined);
  if (!found) return null;
  const { also, ...session } = found;
  return also ? { ...session, marks: presentMarks(also) } : session;
}
