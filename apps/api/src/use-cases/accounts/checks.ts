import { AppError, badRequest } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { normalizeSaudiMobile } from '../../lib/phone.ts';
import type { Shop } from '../../lib/shop.ts';
import { findUserById, uniqueViolation, type UserRow } from '../../modules/users/service.ts';
import { reset } from '../../modules/throttle/service.ts';
import { enforce, PASSWORD_CHECK_PER_ACCOUNT } from '../../modules/throttle/rules.ts';

/** What the account's changes check alike: the account, its password, a phone, taken names. */

/** The account when it is active; null when it is gone or deactivated (its sessions are gone too). */
export async function activeAccount(shop: Pick<Shop, 'db'>, id: string): Promise<UserRow | null> {
  const row = await findUserById(shop.db, id);
  return row?.active ? row : null;
}

/** Checks the signed-in shopper's own password (change, deactivation, a new phone or e-mail), throttled per account. */
export async function checkOwnPassword(
  shop: Pick<Shop, 'db'>,
  row: UserRow,
  password: string,
  field: string,
) {
  const key = `password-check:${row.id}`;
  await enforce(shop.db, key, PASSWORD_CHECK_PER_ACCOUNT);
  if (!(await verifyPassword(row.passwordHash, password))) throw badRequest('PASSWORD_INCORRECT', field);
  await reset(shop.db, key);
}

/** A Saudi mobile in its stored form (E.164), or 400 PHONE_INVALID at `field`. */
export function phoneOrFail(value: string, field: string): string {
  const phone = normalizeSaudiMobile(value);
  if (!phone) throw badRequest('PHONE_INVALID', field);
  return phone;
}

/** 409 naming the first taken field (name, phone, e-mail order), listing all of them. */
export function conflictError(conflicts: { path: string; code: AppError['code'] }[]): AppError {
  return new AppError(409, conflicts[0]!.code, conflicts);
}

/** Runs a write; a name, phone or e-mail another request took meanwhile is the same 409 as a conflict found before. */
export async function unlessTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const taken = uniqueViolation(error);
    if (taken) throw conflictError([taken]);
    throw error;
  }
}
