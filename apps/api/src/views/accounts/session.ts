import type { Db } from '../../db/client.ts';
import { cartUnitsOf } from '../../modules/cart/service.ts';
import { findSession, type SessionUser } from '../../modules/users/sessions.ts';

/**
 * The shopper a session token names (the `session` cookie, or the same token as a Bearer
 * token): the live session and its active account; null for none. `withCartUnits` (a page,
 * whose header shows the cart badge) reads the units in their cart in the same statement.
 */
export async function shopperSession(
  db: Db,
  token: string | undefined,
  withCartUnits = false,
): Promise<{ sessionId: number; user: SessionUser; cartUnits?: number } | null> {
  if (!token) return null;
  const found = await findSession(db, token, withCartUnits ? cartUnitsOf : undefined);
  if (!found) return null;
  const { also, ...session } = found;
  return also === undefined ? session : { ...session, cartUnits: also };
}
