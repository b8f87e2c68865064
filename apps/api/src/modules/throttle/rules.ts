import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { consume, release, reset, tooManyRequests, type ThrottleRule } from './service.ts';

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

/**
 * Login throttling around one password check. `account` is the user id when the account
 * exists, else the identifier typed, so unknown accounts are throttled alike.
 */
export async function loginAttempt(request: FastifyRequest, account: string) {
  const db = request.server.db;
  const ip = request.ip;
  const keys = {
    accountIp: `login:account-ip:${account}:${ip}`,
    account: `login:account:${account}`,
    ip: `login:ip:${ip}`,
  };
  const [byIp, byAccountIp] = await Promise.all([
    consume(db, rule(keys.ip, loginPerIp(request.server.config.loginLimitPerIp))),
    consume(db, rule(keys.accountIp, LOGIN_LIMITS.accountIp)),
  ]);
  // One blocked source does not count against the account, or it could lock its owner out.
  if (!byIp.allowed || !byAccountIp.allowed)
    throw tooManyRequests(
      Math.max(byIp.allowed ? 0 : byIp.retryAfter, byAccountIp.allowed ? 0 : byAccountIp.retryAfter),
    );
  const byAccount = await consume(db, rule(keys.account, LOGIN_LIMITS.account));
  if (!byAccount.allowed) throw tooManyRequests(byAccount.retryAfter);
  return {
    /** A successful login: the account's failures are forgotten, and it did not count against the IP. */
    async succeeded() {
      await Promise.all([reset(db, keys.accountIp), reset(db, keys.account), release(db, keys.ip)]);
    },
  };
}
