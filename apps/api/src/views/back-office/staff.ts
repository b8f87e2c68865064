import type { SecuritySettings, StaffMe, StaffMember } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import type { StaffSession } from '../../modules/staff/access.ts';
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

/** Every member, oldest account first. */
export async function staffList(db: Db): Promise<StaffMember[]> {
  return (await listStaff(db)).map(presentStaff);
}

/** The back office's security settings. */
export function securitySettings(db: Db): Promise<SecuritySettings> {
  return getSecuritySettings(db);
}
