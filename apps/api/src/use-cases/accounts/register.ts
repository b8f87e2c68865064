import type { Lang, RegisterFields } from '@shop/contract';
import { hashPassword } from '../../lib/password.ts';
import type { Shop } from '../../lib/shop.ts';
import { findConflicts, insertAccount, type UserRow } from '../../modules/users/service.ts';
import { enforce, registerPerIp } from '../../modules/throttle/rules.ts';
import { conflictError, phoneOrFail, unlessTaken } from './checks.ts';

/**
 * Opens a shopper's account (it does not sign in). Counted per IP first, whatever the form
 * holds (REGISTER_LIMIT_PER_HOUR, 429 beyond): `read` gives the checked form only then, so a
 * stream of broken forms counts too. A name, phone or e-mail another account holds is 409
 * NAME_EXISTS, PHONE_EXISTS or EMAIL_EXISTS (the first in the form's order, all of them listed).
 */
export async function registerAccount(
  shop: Pick<Shop, 'db' | 'config' | 'log'>,
  from: { ip: string; lang: Lang },
  read: () => Promise<RegisterFields> | RegisterFields,
): Promise<UserRow> {
  const { db } = shop;
  await enforce(db, `register:ip:${from.ip}`, registerPerIp(shop.config.registerLimitPerHour));
  const input = await read();
  const values = {
    name: input.UserName,
    email: input.UserEmail,
    phone: phoneOrFail(input.UserPhone, 'UserPhone'),
  };
  const conflicts = await findConflicts(db, values);
  if (conflicts.length > 0) throw conflictError(conflicts);
  const passwordHash = await hashPassword(input.UserPassword);
  const row = await unlessTaken(() => insertAccount(db, { ...values, passwordHash, lang: from.lang }));
  shop.log.info({ userId: row.id }, 'account registered');
  return row;
}
