import { createHash, randomBytes } from 'node:crypto';
import type { Lang, StaffMember, StaffRole } from '@shop/contract';
import { and, asc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { staff, staffSessions, staffSettings, staffTokens } from './schema.ts';
import { conflict } from '../../lib/errors.ts';

/** The staff module's tables: accounts, their sessions and one-time tokens, the security setting. */

export type StaffRow = typeof staff.$inferSelect;
type Queryable = Db | Tx;

export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes as base64url (43 characters): sessions, sign-in challenges, set-password links. */
export function newStaffToken(): string {
  return randomBytes(32).toString('base64url');
}

export const STAFF_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A member as the back office shows them, and as the audit log records them. */
export function presentStaff(row: StaffRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: row.disabled,
    totpEnabled: row.totpSecret !== null,
    invitationPending: row.passwordHash === null,
    lang: row.lang,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function findStaffById(db: Queryable, id: string): Promise<StaffRow | null> {
  const rows = await db.select().from(staff).where(eq(staff.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findStaffByEmail(db: Queryable, email: string): Promise<StaffRow | null> {
  const rows = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = lower(${email.trim()})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function listStaff(db: Db): Promise<StaffRow[]> {
  return db.select().from(staff).orderBy(asc(staff.createdAt), asc(staff.email));
}

/** A unique-index violation on the e-mail, from whichever driver wrapped it. */
function isEmailTaken(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, constraint, message } = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (code === '23505')
      return constraint === 'staff_email_unique' || String(message).includes('staff_email_unique');
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export async function insertStaff(
  db: Queryable,
  values: { email: string; name: string; role: StaffRole; passwordHash: string | null; lang: Lang },
): Promise<StaffRow> {
  try {
    const [row] = await db
      .insert(staff)
      .values({ ...values, email: values.email.trim().toLowerCase() })
      .returning();
    return row!;
  } catch (error) {
    if (isEmailTaken(error)) throw conflict('STAFF_EMAIL_EXISTS', 'email');
    throw error;
  }
}

export async function updateStaff(
  db: Queryable,
  id: string,
  values: Partial<Omit<typeof staff.$inferInsert, 'id' | 'createdAt'>>,
): Promise<StaffRow> {
  const [row] = await db
    .update(staff)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(staff.id, id))
    .returning();
  return row!;
}

/**
 * Claims a TOTP time step for a member: one conditional update that succeeds only while the
 * member's last used step is older, so one code opens at most one door even when it is sent
 * several times at once (the second request finds the step taken and gets nothing). Answers
 * the member as updated, or null when the step was taken already.
 */
export async function claimTotpStep(db: Queryable, id: string, step: number): Promise<StaffRow | null> {
  const [row] = await db
    .update(staff)
    .set({ totpLastStep: step, updatedAt: new Date() })
    .where(and(eq(staff.id, id), sql`(${staff.totpLastStep} is null or ${staff.totpLastStep} < ${step})`))
    .returning();
  return row ?? null;
}

/**
 * Locks a member's row and the rows of every active owner for the rest of the transaction,
 * so two owners demoting or disabling each other at once cannot leave the shop with none.
 */
export async function lockForOwnerChange(
  tx: Tx,
  id: string,
): Promise<{ target: StaffRow | null; otherActiveOwners: number }> {
  const owners = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), eq(staff.disabled, false)))
    .orderBy(asc(staff.id))
    .for('update');
  const [target] = await tx.select().from(staff).where(eq(staff.id, id)).for('update');
  return { target: target ?? null, otherActiveOwners: owners.filter((o) => o.id !== id).length };
}

export async function getSecuritySettings(db: Queryable): Promise<{ totpRequired: boolean }> {
  const rows = await db.select({ totpRequired: staffSettings.totpRequired }).from(staffSettings).limit(1);
  return { totpRequired: rows[0]?.totpRequired ?? false };
}

export async function setSecuritySettings(tx: Queryable, values: { totpRequired: boolean }): Promise<void> {
  await tx
    .insert(staffSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: staffSettings.id, set: { ...values, updatedAt: new Date() } });
}

// ---- sessions ----

export async function insertStaffSession(
  db: Queryable,
  values: { staffId: string; hours: number; ip: string },
): Promise<{ id: number; token: string; expiresAt: Date }> {
  const token = newStaffToken();
  const expiresAt = new Date(Date.now() + values.hours * 60 * 60 * 1000);
  // Ended sessions of this member are of no use to anyone: tidy them while we are here.
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffId, values.staffId), sql`${staffSessions.expiresAt} <= now()`));
  const [row] = await db
    .insert(staffSessions)
    .values({ tokenHash: hashStaffToken(token), staffId: values.staffId, expiresAt, ip: values.ip })
    .returning({ id: staffSessions.id });
  return { id: row!.id, token, expiresAt };
}

export interface LiveStaffSession {
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
  member: StaffRow;
  totpRequired: boolean;
}

/**
 * The live session of a token: neither idle for `idleMinutes` nor past its lifetime, its
 * member enabled and with a password. Reads the security setting in the same query.
 */
export async function findLiveStaffSession(
  db: Db,
  token: string,
  idleMinutes: number,
): Promise<LiveStaffSession | null> {
  if (!STAFF_TOKEN_PATTERN.test(token)) return null;
  const rows = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      member: staff,
      totpRequired: sql<boolean>`coalesce(${staffSettings.totpRequired}, false)`,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .leftJoin(staffSettings, eq(staffSettings.id, 1))
    .where(
      and(
        eq(staffSessions.tokenHash, hashStaffToken(token)),
        sql`${staffSessions.expiresAt} > now()`,
        sql`${staffSessions.lastSeenAt} > now() - make_interval(mins => ${idleMinutes})`,
        eq(staff.disabled, false),
        sql`${staff.passwordHash} is not null`,
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Moves a session's idle deadline on; answers the new last-seen time. */
export async function touchStaffSession(db: Db, sessionId: number): Promise<Date> {
  const [row] = await db
    .update(staffSessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(staffSessions.id, sessionId))
    .returning({ lastSeenAt: staffSessions.lastSeenAt });
  return row?.lastSeenAt ?? new Date();
}

export async function deleteStaffSession(db: Queryable, sessionId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

export async function deleteAllStaffSessions(db: Queryable, staffId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId));
}

// ---- one-time tokens ----

export type StaffTokenPurpose = 'sign_in' | 'set_password';

export async function insertStaffToken(
  db: Queryable,
  values: { staffId: string; purpose: StaffTokenPurpose; minutes: number },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newStaffToken();
  const expiresAt = new Date(Date.now() + values.minutes * 60 * 1000);
  await db.insert(staffTokens).values({
    tokenHash: hashStaffToken(token),
    staffId: values.staffId,
    purpose: values.purpose,
    expiresAt,
  });
  return { token, expiresAt };
}

/** The member a live, unused token belongs to, without using it up. */
export async function peekStaffToken(
  db: Queryable,
  token: string,
  purpose: StaffTokenPurpose,
): Promise<{ tokenId: number; staffId: string } | null> {
  if (!STAFF_TOKEN_PATTERN.test(token)) return null;
  const rows = await db
    .select({ tokenId: staffTokens.id, staffId: staffTokens.staffId })
    .from(staffTokens)
    .where(
      and(
        eq(staffTokens.tokenHash, hashStaffToken(token)),
        eq(staffTokens.purpose, purpose),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows[0] ?? null;
}

/** Uses a token up; false when another request used it first. */
export async function useStaffToken(db: Queryable, tokenId: number): Promise<boolean> {
  const rows = await db
    .update(staffTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(staffTokens.id, tokenId), isNull(staffTokens.usedAt)))
    .returning({ id: staffTokens.id });
  return rows.length === 1;
}

/** Every unused token of a member and purpose stops working (a new invitation, a set password). */
export async function retireStaffTokens(
  db: Queryable,
  staffId: string,
  purpose: StaffTokenPurpose,
  exceptTokenId = 0,
): Promise<void> {
  await db
    .update(staffTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(staffTokens.staffId, staffId),
        eq(staffTokens.purpose, purpose),
        isNull(staffTokens.usedAt),
        ne(staffTokens.id, exceptTokenId),
      ),
    );
}
