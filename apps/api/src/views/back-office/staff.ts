import {
  okMessage,
  type Lang,
  type SecuritySettings,
  type StaffAccess,
  type StaffMe,
  type StaffMember,
  type StaffNeed,
  type StaffSignedIn,
} from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { staffRefusal, type StaffSession } from '../../modules/staff/access.ts';
import { getSecuritySettings, listStaff, presentStaff } from '../../modules/staff/service.ts';

/** The staff area as the back office shows it: who is signed in, the members, the security settings. */

/** The signed-in member and their session's deadlines (`GET /api/admin/me` and every page's header). */
export function staffMe(session: StaffSession, idleMinutes: number): StaffMe {
  const idleEnds = Math.min(session.lastSeenAt.getTime() + idleMinutes * 60_000, session.expiresAt.getTime());
  return {
    staff: presentStaff(session.member),
    totpRequired: session.totpRequired,
    totpSetupRequired: session.totpRequired && session.member.totpSecret === null,
    idleExpiresAt: new Date(idleEnds).toISOString(),
    expiresAt: session.expiresAt.toISOString(),
  };
}

/** The answer to a sign-in that went through: the member as `me` answers them. */
export function staffSignedIn(session: StaffSession, idleMinutes: number, lang: Lang): StaffSignedIn {
  return { ...okMessage('STAFF_SIGNED_IN', lang), status: 'signed_in', me: staffMe(session, idleMinutes) };
}

/**
 * What the back office's access rule decides for a member and a need (modules/staff/access.ts),
 * with the member as their pages show them: a page maps a refusal to its own answer (the
 * sign-in page, My account, or a 403 inside the back office).
 */
export function staffAccess(session: StaffSession | null, need: StaffNeed, idleMinutes: number): StaffAccess {
  const refusal = staffRefusal(session, need);
  if (refusal || !session)
    return {
      allowed: false,
      refusal: refusal ?? 'STAFF_SESSION_REQUIRED',
      me: session && staffMe(session, idleMinutes),
    };
  return { allowed: true, me: staffMe(session, idleMinutes) };
}

/** Every member, oldest account first. */
export async function staffList(db: Db): Promise<StaffMember[]> {
  return (await listStaff(db)).map(presentStaff);
}

/** The back office's security settings. */
export function securitySettings(db: Db): Promise<SecuritySettings> {
  return getSecuritySettings(db);
}
