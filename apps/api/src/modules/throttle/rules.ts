import type { Db } from '../../db/client.ts';
import { consume, tooManyRequests, type ThrottleRule } from './service.ts';

/**
 * Throttling of password guesses (decision 023). Failures are limited per account and IP
 * pair (one attacker is stopped quickly), per account from everywhere (the OWASP ASVS cap of
 * 100 an hour), and per IP across accounts (credential stuffing; LOGIN_LIMIT_PER_IP in 15
 * minutes, default 100). Windows are fixed, so no one can keep a shopper locked out for
 * longer than a window by trying again.
 */
export const LOGIN_LIMITS = {
  accountIp: { limit: 5, windowSeconds: 15 * 60 },
  account: { limit: 100, windowSeconds: 60 * 60 },
} as const;
export const loginPerIp = (limit: number) => ({ limit, windowSeconds: 15 * 60 }) as const;

/**
 * The back office's throttles (decision 101). Stricter than the storefront's: there are few
 * staff, and each account opens the shop's books.
 */
export const STAFF_LIMITS = {
  signIn: {
    accountIp: { limit: 5, windowSeconds: 15 * 60 },
    ip: { limit: 30, windowSeconds: 15 * 60 },
    account: { limit: 50, windowSeconds: 60 * 60 },
  },
  /** Wrong TOTP codes of one member, wherever they come from. */
  totpAccount: { limit: 5, windowSeconds: 15 * 60 },
  /** Password checks of a signed-in member (turning two-step verification off). */
  passwordCheck: { limit: 5, windowSeconds: 15 * 60 },
  setPasswordIp: { limit: 20, windowSeconds: 60 * 60 },
} as const;

/** Profile changes of one account in an hour; the limit is PROFILE_CHANGES_PER_HOUR (default 10). */
export const profileChangesPerAccount = (limit: number) => ({ limit, windowSeconds: 60 * 60 }) as const;

/** Accounts per IP in an hour; the limit is REGISTER_LIMIT_PER_HOUR (default 20). */
export const registerPerIp = (limit: number) => ({ limit, windowSeconds: 60 * 60 }) as const;
export const FORGOT_PER_IP = { limit: 10, windowSeconds: 60 * 60 } as const;
export const FORGOT_PER_ACCOUNT = { limit: 3, windowSeconds: 60 * 60 } as const;
export const RESET_PER_IP = { limit: 20, windowSeconds: 60 * 60 } as const;
/** Password checks of a signed-in shopper (change, deactivation): a stolen session is not a free oracle. */
export const PASSWORD_CHECK_PER_ACCOUNT = { limit: 10, windowSeconds: 15 * 60 } as const;

const rule = (key: string, limits: { limit: number; windowSeconds: number }): ThrottleRule => ({
  key,
  ...limits,
});

/** Counts one hit against a rule; throws 429 with Retry-After when it is over the limit. */
export async function enforce(
  db: Db,
  key: string,
  limits: { limit: number; windowSeconds: number },
): Promise<void> {
  const result = await consume(db, rule(key, limits));
  if (!result.allowed) throw tooManyRequests(result.retryAfter);
}

/** Counts one hit and says whether it is within the limit, without refusing the request. */
export async function within(
  db: Db,
  key: string,
  limits: { limit: number; windowSeconds: number },
): Promise<boolean> {
  return (await consume(db, rule(key, limits))).allowed;
}
