import type { Lang, StaffNeed } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { requireMember, type StaffSession } from '../../modules/staff/access.ts';
import {
  deleteAllStaffSessions,
  deleteStaffSession,
  findLiveStaffSession,
  getSecuritySettings,
  insertStaffSession,
  touchStaffSession,
  updateStaff,
  type StaffRow,
} from '../../modules/staff/service.ts';

/** A back-office member's sessions: resolving one, opening one at sign-in, ending them. */

/** Idle deadlines move on at most once a minute: a busy page does not write on every call. */
const TOUCH_AFTER_MS = 60_000;

/** Who acts, for the audit log: the member and the address the request came from. */
export function memberActor(member: StaffRow, ip: string): AuditActor {
  return { staffId: member.id, actor: member.email, ip };
}

/**
 * The live session of a `staff_session` token, its idle deadline moved on; null without one
 * (no token, an unknown or ended session, a disabled member).
 */
export async function resolveStaffSession(
  shop: Pick<Shop, 'db' | 'config'>,
  token: string | undefined,
): Promise<StaffSession | null> {
  if (!token) return null;
  const found = await findLiveStaffSession(shop.db, token, shop.config.staff.idleMinutes);
  if (found && Date.now() - found.lastSeenAt.getTime() > TOUCH_AFTER_MS)
    found.lastSeenAt = await touchStaffSession(shop.db, found.sessionId);
  return found;
}

/** The member of one request: their session, resolved once, and the access rule for each need. */
export interface StaffAtDoor {
  /** The live session, or null. */
  session(): Promise<StaffSession | null>;
  /**
   * The session when the back office's access rule (modules/staff/access.ts) lets it pass with
   * `need`; else its refusal is thrown (401 without a session, 403 otherwise).
   */
  admit(need: StaffNeed): Promise<StaffSession>;
}

/**
 * The member a request's `staff_session` token names, for the API's guard and the back
 * office's pages alike: the same session lookup, the same rule.
 */
export function staffAtDoor(shop: Pick<Shop, 'db' | 'config'>, token: string | undefined): StaffAtDoor {
  let session: Promise<StaffSession | null> | undefined;
  const resolved = () => (session ??= resolveStaffSession(shop, token));
  return {
    session: resolved,
    admit: async (need) => requireMember(await resolved(), need),
  };
}

/** Where a sign-in comes from: the request's address, and the language the member is using. */
export interface SignInOrigin {
  ip: string;
  lang: Lang;
}

/** A session just opened: its token (the cookie's value, shown once) and the member's live session. */
export interface OpenedStaffSession {
  token: string;
  expiresAt: Date;
  live: StaffSession;
}

/**
 * A member signed in: the language they use remembered, the session and its `staff.sign_in`
 * entry (kept or lost together), and the session as the guard would resolve it.
 */
export async function openStaffSession(
  shop: Pick<Shop, 'db' | 'config'>,
  member: StaffRow,
  from: SignInOrigin,
  method: 'password' | 'totp',
): Promise<OpenedStaffSession> {
  const { db, config } = shop;
  const current = member.lang === from.lang ? member : await updateStaff(db, member.id, { lang: from.lang });
  const session = await db.transaction(async (tx) => {
    const opened = await insertStaffSession(tx, {
      staffId: current.id,
      hours: config.staff.sessionHours,
      ip: from.ip,
    });
    await recordAudit(tx, {
      by: memberActor(current, from.ip),
      action: 'staff.sign_in',
      entityType: 'staff',
      entityId: current.id,
      before: null,
      after: { method, expiresAt: opened.expiresAt.toISOString() },
    });
    return opened;
  });
  const { totpRequired } = await getSecuritySettings(db);
  return {
    token: session.token,
    expiresAt: session.expiresAt,
    live: {
      sessionId: session.id,
      lastSeenAt: new Date(),
      expiresAt: session.expiresAt,
      member: current,
      totpRequired,
    },
  };
}

/** Signs out of this session (`staff.sign_out`). */
export async function signOut(shop: Pick<Shop, 'db'>, session: StaffSession, ip: string): Promise<void> {
  await closeSessions(shop.db, session.member, ip, session.sessionId);
}

/** Signs out of every session of the member, this one too (`staff.sign_out_everywhere`). */
export async function signOutEverywhere(
  shop: Pick<Shop, 'db'>,
  session: StaffSession,
  ip: string,
): Promise<void> {
  await closeSessions(shop.db, session.member, ip);
}

async function closeSessions(db: Db, member: StaffRow, ip: string, sessionId?: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (sessionId === undefined) await deleteAllStaffSessions(tx, member.id);
    else await deleteStaffSession(tx, sessionId);
    await recordAudit(tx, {
      by: memberActor(member, ip),
      action: sessionId === undefined ? 'staff.sign_out_everywhere' : 'staff.sign_out',
      entityType: 'staff',
      entityId: member.id,
      before: null,
      after: null,
    });
  });
}
