import type { ErrorCode } from '@shop/contract';
import type { Db } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { verifyPassword } from '../lib/password.ts';
import { consume, release, reset, tooManyRequests } from '../modules/throttle/service.ts';

/**
 * Signing in with a password, as the storefront and the back office both do it (decision 023):
 * the throttles, the check against a hash that costs the same whether or not the account
 * exists, and the one refusal that does not say what was wrong. Each side keeps what is its own
 * around it: how an account is found, what a refusal leaves behind (the back office's audit
 * log), and what a right password then leads to (a session, a second step).
 */

export interface Limit {
  limit: number;
  windowSeconds: number;
}

/** Why a password sign-in was refused, as the back office's audit log keeps it (never what was typed). */
export type SignInFailure = 'unknown_account' | 'wrong_password' | 'disabled';

/** An account that signs in with a password. */
export interface PasswordAccount {
  id: string;
  /** Null for an account that has not chosen one yet (an invited member): no password opens it. */
  passwordHash: string | null;
}

/** One sign-in door: its throttles, its refusal, and what it refuses whatever the password. */
export interface PasswordDoor<A extends PasswordAccount> {
  /** The throttles' key prefix: `login` (shoppers), `staff-sign-in` (the back office). */
  scope: string;
  /**
   * Attempts per account and IP (one attacker is stopped quickly), per IP across accounts
   * (credential stuffing), and per account from everywhere.
   */
  limits: { accountIp: Limit; ip: Limit; account: Limit };
  /** The one answer (401) to a wrong e-mail, a wrong password and an account `barred`. */
  refusal: ErrorCode;
  /** An account refused with the same answer even with its right password (a disabled member). */
  barred?: (account: A) => boolean;
  /** Told of each refusal before it is answered. */
  refused?: (reason: SignInFailure) => Promise<void>;
}

export interface PasswordAttempt<A extends PasswordAccount> {
  /** The account the typed name found, or null. */
  account: A | null;
  /** What counts the attempts of an account that does not exist: the name as typed, normalized. */
  typed: string;
  password: string;
  ip: string;
}

/**
 * One password check at `door`. The throttles count it per account and IP and per IP, then per
 * account: a source blocked by the first two does not use up the account's allowance and lock
 * its owner out. Throws 429 when throttled and the door's refusal when the password does not
 * open the account; answers the account and `succeeded`, which forgets the account's failures
 * and takes the attempt back from the IP's count once the sign-in goes through.
 */
export async function passwordSignIn<A extends PasswordAccount>(
  db: Db,
  door: PasswordDoor<A>,
  attempt: PasswordAttempt<A>,
): Promise<{ account: A; succeeded(): Promise<void> }> {
  const { account, ip } = attempt;
  const who = account?.id ?? `unknown:${attempt.typed}`;
  const keys = {
    accountIp: `${door.scope}:account-ip:${who}:${ip}`,
    ip: `${door.scope}:ip:${ip}`,
    account: `${door.scope}:account:${who}`,
  };
  const [byIp, byAccountIp] = await Promise.all([
    consume(db, { key: keys.ip, ...door.limits.ip }),
    consume(db, { key: keys.accountIp, ...door.limits.accountIp }),
  ]);
  if (!byIp.allowed || !byAccountIp.allowed)
    throw tooManyRequests(
      Math.max(byIp.allowed ? 0 : byIp.retryAfter, byAccountIp.allowed ? 0 : byAccountIp.retryAfter),
    );
  const byAccount = await consume(db, { key: keys.account, ...door.limits.account });
  if (!byAccount.allowed) throw tooManyRequests(byAccount.retryAfter);

  const valid = await verifyPassword(account?.passwordHash ?? undefined, attempt.password);
  const failure: SignInFailure | null = !account
    ? 'unknown_account'
    : !valid
      ? 'wrong_password'
      : door.barred?.(account)
        ? 'disabled'
        : null;
  if (failure || !account) {
    await door.refused?.(failure ?? 'unknown_account');
    throw new AppError(401, door.refusal);
  }
  return {
    account,
    async succeeded() {
      await Promise.all([reset(db, keys.accountIp), reset(db, keys.account), release(db, keys.ip)]);
    },
  };
}
