import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { keptStatements } from '../../db/kept-statements.ts';
import { KeptReads } from '../../db/sole-writer.ts';
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
        expiresAt: sessions.expiresAt,
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
  const tokenHash = hashToken(token);
  const statement = keptSessionStatement(db, alsoRead);
  let kept = sessionsRead.get(statement);
  if (!kept) sessionsRead.set(statement, (kept = new KeptReads(10_000)));
  const row = await kept.read(
    db,
    tokenHash,
    async () => {
      const found = (await statement.execute({ tokenHash }))[0];
      return found && deepFrozen(found);
    },
    // The statement compares the expiry with the database's clock; a kept answer, with this one.
    (kept) => kept.expiresAt.getTime() > Date.now(),
  );
  if (!row) return null;
  const {
    sessionId,
    expiresAt: _expiresAt,
    also,
    ...user
  } = row as typeof row & {
    also?: Record<string, unknown>;
  };
  return { sessionId, user, ...(also !== undefined && { also }) };
}

/**
 * Sessions as just read, with what was read beside them, where this process is the database's
 * only writer: a signed-in shopper's next page sends no statement until something is written
 * (a sign-out, a revoked or new session, a change to a cart or a wishlist all are), or the
 * session expires (db/sole-writer.ts). The last ten thousand of each statement are kept, by the token's hash.
 */
const sessionsRead = new WeakMap<object, KeptReads<string, Readonly<SessionRow>>>();
type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionStatement>['execute']>>[number];

/** An answer kept and handed to every request after: nobody may change it. */
function deepFrozen<T extends object>(value: T): T {
  for (const inner of Object.values(value))
    if (inner !== null && typeof inner === 'object' && !(inner instanceof Date)) deepFrozen(inner as object);
  return Object.freeze(value);
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
