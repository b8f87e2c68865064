import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptStatements } from '../../db/kept-statements.ts';
import { sessions, users } from './schema.ts';

/** The signed-in shopper of a request, as routes see it. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  phone: string;
  /** The profile picture's path, or null. */
  image: string | null;
}

/** 32 random bytes: an opaque token that only its holder knows; the database keeps its SHA-256. */
const TOKEN_BYTES = 32;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

type AlsoRead = (userId: typeof users.id) => Record<string, SQL>;

function sessionStatement(db: Db, alsoRead: AlsoRead | undefined) {
  return (
    db
      .select({
        sessionId: sessions.id,
        id: users.id,
        name: users.name,
        email: users.email,
        phone: users.phone,
        image: users.image,
        ...(alsoRead && { also: alsoRead(users.id) }),
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expiresAt, sql`now()`),
          eq(users.active, true),
        ),
      )
      .limit(1)
      // Named by what it reads: a name stands for one text on a PostgreSQL connection.
      .prepare(alsoRead ? `session_and_${Object.keys(alsoRead(users.id)).join('_')}` : 'session')
  );
}

/** The session's statement (every request of a signed-in shopper sends it): kept. */
const keptSessionStatement = keptStatements(sessionStatement);

/** Finds the live session of a token: not expired, and its user still active. */
export async function findSession(
  db: Db,
  token: string,
  /**
   * What else of the shopper to read in the same statement (other modules' figures, as SQL on
   * the user's id): a page's cart badge and hearts cost no second round trip. One function for
   * each kind of read (its statement is kept).
   */
  alsoRead?: AlsoRead,
): Promise<{ sessionId: number; user: SessionUser; also?: Record<string, unknown> } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const rows = await keptSessionStatement(db, alsoRead).execute({ tokenHash: hashToken(token) });
  const row = rows[0];
  if (!row) return null;
  const { sessionId, also, ...user } = row as typeof row & { also?: Record<string, unknown> };
  return { sessionId, user, ...(also !== undefined && { also }) };
}

/** Starts a session for a user; returns the token (shown once, never stored in clear). */
export async function createSession(
  db: Db,
  userId: string,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  // Expired sessions of this user are of no use to anyone: tidy them while we are here.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lte(sessions.expiresAt, new Date())));
  await db.insert(sessions).values({ tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

/** Ends one session (logout). */
export async function endSession(db: Db, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user (password change, password reset, deactivation). */
export async function endAllSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
