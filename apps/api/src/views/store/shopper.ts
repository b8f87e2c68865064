import type { User } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { findUserById, toUserAnswer } from '../../modules/users/service.ts';
import type { SessionUser } from '../../modules/users/sessions.ts';

/** The signed-in shopper as the pages' header and account pages show them. */

/** The shopper as their session was read for this request (its account active). */
export function sessionShopper(user: SessionUser): User {
  return toUserAnswer(user);
}

/** The shopper read again (after a change made in the same request); null once their account is no longer active. */
export async function activeShopper(db: Db, id: string): Promise<User | null> {
  const row = await findUserById(db, id);
  return row?.active ? toUserAnswer(row) : null;
}
