import type { ChangePasswordFields, Lang, ResetPasswordFields } from '@shop/contract';
import { badRequest } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Shop } from '../../lib/shop.ts';
import { endAllSessions } from '../../modules/users/sessions.ts';
import {
  createResetToken,
  findUserById,
  findUserByIdentifier,
  loginIdentifier,
  retireResetTokens,
  setPasswordHash,
  useResetToken,
} from '../../modules/users/service.ts';
import { reset } from '../../modules/throttle/service.ts';
import {
  enforce,
  FORGOT_PER_ACCOUNT,
  FORGOT_PER_IP,
  RESET_PER_IP,
  within,
} from '../../modules/throttle/rules.ts';
import { activeAccount, checkOwnPassword } from './checks.ts';
import { resetMail, sendInBackground, tokenLink } from './mails.ts';

/** A shopper's password: the reset link, the reset, and a change from the profile page. */

/**
 * Mails a reset link (valid one hour, once) to an active account the e-mail or mobile names, in
 * `lang`, unless it had three this hour. Nothing in the answer or its timing says whether the
 * account exists. Throttled per IP (429).
 */
export async function requestPasswordReset(
  shop: Pick<Shop, 'db' | 'mailer' | 'log' | 'origin'>,
  userEmail: string,
  from: { ip: string; lang: Lang },
): Promise<void> {
  const { db } = shop;
  await enforce(db, `forgot:ip:${from.ip}`, FORGOT_PER_IP);
  const identifier = loginIdentifier(userEmail);
  const row = identifier ? await findUserByIdentifier(db, identifier) : null;
  if (row?.active && (await within(db, `forgot:account:${row.id}`, FORGOT_PER_ACCOUNT))) {
    const token = await createResetToken(db, row.id);
    const mail = resetMail[from.lang](tokenLink(shop, '/reset-password', token, from.lang));
    sendInBackground(shop, { to: row.email, ...mail }, 'password reset mail failed');
  }
}

/**
 * A new password with a reset link's token: the token is used up with the account's other
 * links, every session of the account ends, and its failed sign-ins are forgotten. An unknown,
 * used or expired token is 400 RESET_TOKEN_INVALID; throttled per IP.
 */
export async function resetPassword(
  shop: Pick<Shop, 'db'>,
  { token, password }: Pick<ResetPasswordFields, 'token' | 'password'>,
  ip: string,
): Promise<void> {
  const { db } = shop;
  await enforce(db, `reset:ip:${ip}`, RESET_PER_IP);
  const userId = await useResetToken(db, token);
  const row = userId ? await findUserById(db, userId) : null;
  if (!row || !row.active) throw badRequest('RESET_TOKEN_INVALID', 'token');
  await setPasswordHash(db, row.id, await hashPassword(password));
  await Promise.all([
    endAllSessions(db, row.id),
    retireResetTokens(db, row.id),
    reset(db, `login:account:${row.id}`),
  ]);
}

/**
 * Changes the signed-in shopper's password, the old one checked (400 PASSWORD_INCORRECT,
 * throttled per account); every session of the account ends. Null when the account is no
 * longer active.
 */
export async function changePassword(
  shop: Pick<Shop, 'db' | 'log'>,
  userId: string,
  { oldPassword, password }: Pick<ChangePasswordFields, 'oldPassword' | 'password'>,
): Promise<true | null> {
  const row = await activeAccount(shop, userId);
  if (!row) return null;
  await checkOwnPassword(shop, row, oldPassword, 'oldPassword');
  await setPasswordHash(shop.db, row.id, await hashPassword(password));
  await endAllSessions(shop.db, row.id);
  shop.log.info({ userId: row.id }, 'password changed');
  return true;
}
