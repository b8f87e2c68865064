import type { Lang, LoginFields } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { createSession, endSession } from '../../modules/users/sessions.ts';
import {
  findUserByIdentifier,
  isSuspended,
  loginIdentifier,
  rememberLang,
  type UserRow,
} from '../../modules/users/service.ts';
import { LOGIN_LIMITS, loginPerIp } from '../../modules/throttle/rules.ts';
import { passwordSignIn } from '../password-sign-in.ts';

/** A shopper signing in and out (decision 023). */

/**
 * Signs a shopper in with an e-mail or a mobile number in any accepted form. A wrong name or
 * password is one refusal (401 LOGIN_FAILED), throttled per account and IP, per IP and per
 * account (429). Only someone who knows the password learns that the account was deactivated:
 * 401 ACCOUNT_SUSPENDED when the shop did it (only the shop can undo it), else
 * ACCOUNT_DISABLED. Answers the account and its new session (the token is shown once).
 */
export async function logIn(
  shop: Pick<Shop, 'db' | 'config'>,
  { userEmail, userPassword }: LoginFields,
  from: { ip: string; lang: Lang },
): Promise<{ user: UserRow; session: { token: string; expiresAt: Date } }> {
  const { db, config } = shop;
  const identifier = loginIdentifier(userEmail);
  const row = identifier ? await findUserByIdentifier(db, identifier) : null;
  const { account, succeeded } = await passwordSignIn(
    db,
    {
      scope: 'login',
      limits: { ...LOGIN_LIMITS, ip: loginPerIp(config.loginLimitPerIp) },
      refusal: 'LOGIN_FAILED',
    },
    {
      account: row,
      // Unknown accounts are counted by the normalized identifier, so 05… and +9665… are one.
      typed: identifier ? ('email' in identifier ? identifier.email : identifier.phone) : userEmail,
      password: userPassword,
      ip: from.ip,
    },
  );
  if (!account.active)
    throw new AppError(401, (await isSuspended(db, account.id)) ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_DISABLED');
  await succeeded();
  await rememberLang(db, account.id, from.lang);
  const session = await createSession(db, account.id, config.sessionTtlDays);
  return { user: account, session };
}

/** Ends one session (signing out); a request without one has nothing to end. */
export async function logOut(shop: Pick<Shop, 'db'>, sessionId: number | null): Promise<void> {
  if (sessionId !== null) await endSession(shop.db, sessionId);
}
