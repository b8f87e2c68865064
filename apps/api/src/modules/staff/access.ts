import type { StaffNeed, StaffRefusal } from '@shop/contract';
import { AppError } from '../../lib/errors.ts';
import type { LiveStaffSession } from './service.ts';

/** A signed-in back-office member: their live session, as the staff_session cookie resolved it. */
export type StaffSession = LiveStaffSession;

/**
 * The back office's one rule of access (decision 101): why this session may not pass with this
 * need, or null when it may. No live session first; then two-step verification due and not yet
 * set up (unless the need allows it); then a role below the one asked for.
 */
export function staffRefusal(session: StaffSession | null, need: StaffNeed = {}): StaffRefusal | null {
  if (!session) return 'STAFF_SESSION_REQUIRED';
  if (session.totpRequired && session.member.totpSecret === null && !need.duringTotpSetup)
    return 'TOTP_SETUP_REQUIRED';
  if (need.role === 'owner' && session.member.role !== 'owner') return 'STAFF_ROLE_REQUIRED';
  return null;
}

/**
 * The rule as a gate, for the API's guard, the pages and the use cases alike: the session when
 * it may pass; else 401 without a live session, 403 for the other refusals.
 */
export function requireMember(session: StaffSession | null, need: StaffNeed = {}): StaffSession {
  const refusal = staffRefusal(session, need);
  if (refusal) throw new AppError(refusal === 'STAFF_SESSION_REQUIRED' ? 401 : 403, refusal);
  return session!;
}
