import { createHash, randomBytes } from 'node:crypto';
import type { ErrorCode, Lang, User } from '@shop/contract';
import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { accountSuspensions, emailChanges, passwordResets, users } from './schema.ts';
import { endAllSessions } from './sessions.ts';
import { normalizeSaudiMobile } from '../../lib/phone.ts';

export type UserRow = typeof users.$inferSelect;

/** A user as the API answers it: never the password hash, never the active flag. */
export function toUserAnswer(row: Pick<UserRow, 'id' | 'name' | 'phone' | 'email' | 'image'>): User {
  return {
    userId: row.id,
    _id: row.id,
    userName: row.name,
    userPhone: row.phone,
    userEmail: row.email,
    userImage: row.image,
  };
}

/** A new account; a unique index refuses a name, phone or e-mail taken in the meantime. */
export async function insertAccount(
  db: Db,
  values: { name: string; email: string; phone: string; passwordHash: string; lang?: Lang },
): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

/**
 * Keeps the language the shopper last used (signing in, registering, placing an order): the
 * shop's e-mails to them are written in it. Writes only when it changed.
 */
export async function rememberLang(db: Db, userId: string, lang: Lang): Promise<void> {
  await db
    .update(users)
    .set({ lang })
    .where(and(eq(users.id, userId), ne(users.lang, lang)));
}

export async function setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}

/** Changes profile fields of an active account; null when it is no longer active. */
export async function updateProfile(
  db: Db,
  userId: string,
  values: { name?: string; phone?: string; email?: string; image?: string },
): Promise<UserRow | null> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.active, true)))
    .returning();
  return row ?? null;
}

/** Soft deletion: the row and its orders stay, the account can no longer log in. */
export async function deactivateAccount(db: Db, userId: string): Promise<void> {
  await db.update(users).set({ active: false, updatedAt: new Date() }).where(eq(users.id, userId));
}

/**
 * The shop deactivates an account (back office): it can no longer sign in, and every session it
 * has ends in the same transaction. Null when there is no such account.
 */
export async function suspendAccount(
  tx: Tx,
  userId: string,
  staffId: string | null,
): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({ active: false, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) return null;
  await tx.insert(accountSuspensions).values({ userId, staffId }).onConflictDoNothing();
  await endAllSessions(tx, userId);
  return row;
}

/** The shop reactivates an account, whoever deactivated it. Null when there is no such account. */
export async function reactivateAccount(tx: Tx, userId: string): Promise<UserRow | null> {
  const [row] = await tx
    .update(users)
    .set({ active: true, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) return null;
  await tx.delete(accountSuspensions).where(eq(accountSuspensions.userId, userId));
  return row;
}

/**
 * Whether an account is active, and who deactivated it when it is not: the shop (the back
 * office) or the shopper. Null when there is no such account.
 */
export async function accountState(
  db: Db | Tx,
  userId: string,
): Promise<{ active: boolean; deactivatedBy: 'shop' | 'shopper' | null } | null> {
  const [row] = await db
    .select({ active: users.active, suspended: sql<boolean>`(${accountSuspensions.userId} is not null)` })
    .from(users)
    .leftJoin(accountSuspensions, eq(accountSuspensions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { active: row.active, deactivatedBy: row.active ? null : row.suspended ? 'shop' : 'shopper' };
}

/** True when the shop (not the shopper) deactivated the account. */
export async function isSuspended(db: Db | Tx, userId: string): Promise<boolean> {
  const rows = await db
    .select({ userId: accountSuspensions.userId })
    .from(accountSuspensions)
    .where(eq(accountSuspensions.userId, userId))
    .limit(1);
  return rows.length > 0;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * What a login or reset request names: an e-mail (any case) or a Saudi mobile in any accepted
 * form. Returns the lookup key, or null when the value is neither.
 */
export function loginIdentifier(value: string): { email: string } | { phone: string } | null {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return { email: trimmed.toLowerCase() };
  const phone = normalizeSaudiMobile(trimmed);
  return phone ? { phone } : null;
}

export async function findUserByIdentifier(
  db: Db,
  identifier: { email: string } | { phone: string },
): Promise<UserRow | null> {
  const where = 'email' in identifier ? eq(users.email, identifier.email) : eq(users.phone, identifier.phone);
  const rows = await db.select().from(users).where(where).limit(1);
  return rows[0] ?? null;
}

/**
 * Which of a name, e-mail and phone another account already holds, in the form's order
 * (name, phone, e-mail). Deactivated accounts keep theirs: their orders still name them.
 */
export async function findConflicts(
  db: Db,
  values: { name?: string; email?: string; phone?: string },
  exceptUserId?: string,
): Promise<{ path: string; code: ErrorCode }[]> {
  const matches = [
    values.name !== undefined && sql`lower(${users.name}) = lower(${values.name})`,
    values.email !== undefined && eq(users.email, values.email),
    values.phone !== undefined && eq(users.phone, values.phone),
  ].filter((m) => m !== false);
  if (matches.length === 0) return [];
  const rows = await db
    .select({ name: users.name, email: users.email, phone: users.phone })
    .from(users)
    .where(and(or(...matches), exceptUserId ? ne(users.id, exceptUserId) : undefined));
  const conflicts: { path: string; code: ErrorCode }[] = [];
  const lowerName = values.name?.toLowerCase();
  if (rows.some((r) => r.name.toLowerCase() === lowerName))
    conflicts.push({ path: 'UserName', code: 'NAME_EXISTS' });
  if (rows.some((r) => r.phone === values.phone)) conflicts.push({ path: 'UserPhone', code: 'PHONE_EXISTS' });
  if (rows.some((r) => r.email === values.email)) conflicts.push({ path: 'UserEmail', code: 'EMAIL_EXISTS' });
  return conflicts;
}

const uniqueIndexCodes: Record<string, { path: string; code: ErrorCode }> = {
  users_name_unique: { path: 'UserName', code: 'NAME_EXISTS' },
  users_phone_unique: { path: 'UserPhone', code: 'PHONE_EXISTS' },
  users_email_unique: { path: 'UserEmail', code: 'EMAIL_EXISTS' },
};

/**
 * The field a unique-index violation is about, when two requests raced past `findConflicts`.
 * Drivers wrap the PostgreSQL error differently, so the cause chain is searched.
 */
export function uniqueViolation(error: unknown): { path: string; code: ErrorCode } | undefined {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505') {
      const name =
        typeof constraint === 'string'
          ? constraint
          : Object.keys(uniqueIndexCodes).find((k) => typeof message === 'string' && message.includes(k));
      return name ? uniqueIndexCodes[name] : undefined;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** One hour: long enough to find the mail, short enough that an old mailbox is not a key. */
export const RESET_TOKEN_TTL_MINUTES = 60;

/** Tokens are stored as SHA-256 hashes: a copy of the database opens no link. */
function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function createResetToken(db: Db, userId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    tokenHash: hashResetToken(token),
    userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
  });
  return token;
}

/**
 * Uses a reset token: marks it used in the same statement that checks it is unused and
 * unexpired, so it works once even under concurrent requests. Returns the user id.
 */
export async function useResetToken(db: Db, token: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(passwordResets.tokenHash, hashResetToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    )
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}

/** After a reset, the other links sent to the same account stop working too. */
export async function retireResetTokens(db: Db, userId: string): Promise<void> {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** A day: a new mailbox is checked within it, and an unanswered change does not linger. */
export const EMAIL_CHANGE_TTL_HOURS = 24;

/** True when another account (active or not) holds `email`. */
export async function emailHeldByOther(db: Db, email: string, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Records a requested e-mail change; earlier links of the account stop working. Returns the token. */
export async function createEmailChange(db: Db, userId: string, newEmail: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await retireEmailChanges(db, userId);
  await db.insert(emailChanges).values({
    tokenHash: hashResetToken(token),
    userId,
    newEmail,
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_HOURS * 60 * 60 * 1000),
  });
  return token;
}

/**
 * Uses an e-mail confirmation token, once (checked and marked in one statement, so two
 * concurrent requests cannot both use it). Returns the account and its new address.
 */
export async function useEmailChange(
  db: Db,
  token: string,
): Promise<{ userId: string; newEmail: string } | null> {
  const rows = await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailChanges.tokenHash, hashResetToken(token)),
        isNull(emailChanges.usedAt),
        gt(emailChanges.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return rows[0] ?? null;
}

export async function retireEmailChanges(db: Db, userId: string): Promise<void> {
  await db
    .update(emailChanges)
    .set({ usedAt: new Date() })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}
