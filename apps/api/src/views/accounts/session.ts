import type { ShopperMarks } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { cartUnits } from '../../modules/cart/service.ts';
import { findSession, type SessionUser } from '../../modules/users/sessions.ts';
import { wishedProductIds } from '../../modules/wishlist/service.ts';

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
): Promise<{ sessionId: number; user: SessionUser; marks?: ShopperMarks } | null> {
  if (!token) return null;
  const found = await findSession(
    db,
    token,
    withMarks ? (userId) => ({ cartCount: cartUnits(userId), wished: wishedProductIds(userId) }) : undefined,
  );
  if (!found) return null;
  const { also, ...session } = found;
  if (!also) return session;
  return {
    ...session,
    marks: { cartCount: Number(also.cartCount ?? 0), wished: (also.wished as number[] | null) ?? [] },
  };
}
