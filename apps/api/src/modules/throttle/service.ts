import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rateLimits } from './schema.ts';
import { AppError } from '../../lib/errors.ts';

/**
 * Fixed-window counters in the `rate_limits` table, so every API process behind a load
 * balancer shares them. One atomic upsert per hit: concurrent requests cannot both slip
 * under a limit. See docs/decisions/023-login-throttling.md.
 */

export interface ThrottleRule {
  /** What is counted, e.g. `login:ip:203.0.113.9`. */
  key: string;
  /** Hits allowed in one window. */
  limit: number;
  windowSeconds: number;
}

export interface ThrottleResult {
  allowed: boolean;
  count: number;
  /** Seconds until the window ends (for `Retry-After`). */
  retryAfter: number;
}

/** Counts one hit against a rule and says whether it is still within the limit. */
export async function consume(db: Db, rule: ThrottleRule): Promise<ThrottleResult> {
  const rows = await db
    .insert(rateLimits)
    .values({
      key: rule.key,
      count: 1,
      resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})`,
    })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // An expired window starts over; a live one counts on. Both read the row as it was.
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
      },
    })
    .returning({
      count: rateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(extract(epoch from ${rateLimits.resetAt} - now())))::int`,
    });
  const row = rows[0]!;
  // Old windows of keys that are never hit again (one-off IPs) would pile up; sweep now and then.
  if (Math.random() < 0.01) await sweep(db);
  return { allowed: row.count <= rule.limit, count: row.count, retryAfter: row.retryAfter };
}

/** Forgets a key (e.g. an account's failures after a successful login). */
export async function reset(db: Db, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Takes one hit back (a login that succeeded should not count against a shared IP). */
export async function release(db: Db, key: string): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(eq(rateLimits.key, key));
}

export async function sweep(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 hour'`));
}

/** 429 RATE_LIMITED with `Retry-After` in seconds. */
export function tooManyRequests(retryAfter: number): AppError {
  return new AppError(429, 'RATE_LIMITED', undefined, { 'retry-after': String(Math.max(1, retryAfter)) });
}
