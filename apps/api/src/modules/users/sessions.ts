import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sessions, users } from './schema.ts';
import { SESSION_COOKIE } from '../../http/csrf.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';

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

/** The session token a request carries: `Authorization: Bearer` wins over the cookie. */
export function requestToken(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  // A Bearer call is judged by its header alone (the CSRF guard lets it pass on that basis),
  // so a cookie sent beside it must not be what authenticates it.
  if (authorization?.startsWith('Bearer ')) return authorization.slice('Bearer '.length).trim();
  return request.cookies?.[SESSION_COOKIE];
}

/** Finds the live session of a token: not expired, and its user still active. */
export async function findSession(
  db: Db,
  token: string,
): Promise<{ sessionId: number; user: SessionUser } | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const rows = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      image: users.image,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        gt(sessions.expiresAt, new Date()),
        eq(users.active, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  const { sessionId, ...user } = row;
  return { sessionId, user };
}

/**
 * Global `onRequest` hook: resolves the session cookie or Bearer token to `request.user`
 * (null when there is none or it is not valid). It never refuses a request by itself;
 * routes call `requireUser` / `requireOwner`.
 */
export async function resolveSession(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  request.user = null;
  request.sessionId = null;
  const token = requestToken(request);
  if (!token) return;
  const found = await findSession(request.server.db, token);
  if (!found) return;
  request.user = found.user;
  request.sessionId = found.sessionId;
}

/** The caller, or 401 UNAUTHORIZED. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The caller when `userId` is their own id: 401 without a session, 403 FORBIDDEN otherwise. */
export function requireOwner(request: FastifyRequest, userId: string): SessionUser {
  const user = requireUser(request);
  if (user.id !== userId) throw forbidden();
  return user;
}

/** `onRequest` hook for a plugin whose every route needs a session: 401 before the body is read. */
export async function sessionRequired(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  requireUser(request);
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

function cookieOptions(config: Config, request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.env === 'production' || request.protocol === 'https',
  };
}

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  token: string,
  expiresAt: Date,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    ...cookieOptions(request.server.config, request),
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest): void {
  void reply.clearCookie(SESSION_COOKIE, cookieOptions(request.server.config, request));
}
