import type { StaffRole } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import type { LiveStaffSession } from './service.ts';

/** A signed-in back-office member: their live session, as the staff_session cookie resolved it. */
export type StaffSession = LiveStaffSession;

/** What a back-office read or change asks of the member. */
export interface StaffNeed {
  /** `owner` for what only owners may do; any member when unset. */
  role?: StaffRole;
  /**
   * Allowed while the owner requires two-step verification and the member has not turned it on
   * yet (setting it up, their own account page, signing out).
   */
  duringTotpSetup?: boolean;
}

/**
 * The back office's one rule of access (decision 101), used by the API's guard and by the
 * pages alike: who may pass with this session and this need. 401 without a live session; 403
 * while two-step verification is due and not yet set up (unless the need allows it); 403
 * below the role asked for.
 */
export function requireMember(session: StaffSession | null, need: StaffNeed = {}): StaffSession {
  if (!session) throw new AppError(401, 'STAFF_SESSION_REQUIRED');
  if (session.totpRequired && session.member.totpSecret === null && !need.duringTotpSetup)
    throw new AppError(403, 'TOTP_SETUP_REQUIRED');
  if (need.role === 'owner' && session.member.role !== 'owner')
    throw new AppError(403, 'STAFF_ROLE_REQUIRED');
  return session;
}
