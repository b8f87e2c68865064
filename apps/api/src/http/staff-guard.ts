import { STAFF_SESSION_COOKIE, type StaffRole } from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isBackOfficeRequest } from './csrf.ts';
import type { AuditActor } from '../modules/audit/service.ts';
import { requireMember, type StaffSession } from '../modules/staff/access.ts';
import { findLiveStaffSession, touchStaffSession } from '../modules/staff/service.ts';

/**
 * The back office's one gate (decision 101). A global `onRequest` hook judges every request
 * whose path is under `/api/admin`, whichever plugin registered its route, before its body is
 * read: it needs a live staff session from the `staff_session` cookie, unless the route says
 * `config: { staffPublic: true }` (signing in, setting a password from an invitation). Shopper
 * sessions and Bearer tokens are not looked at, so they open nothing here.
 *
 * Route config: `staffRole: 'owner'` for owner-only routes; `staffDuringTotpSetup: true` for
 * the few routes a member may use while the owner requires two-step verification and the
 * member has not turned it on yet.
 */

export type { StaffSession };

/** Idle deadlines move on at most once a minute: a busy page does not write on every call. */
const TOUCH_AFTER_MS = 60_000;

/**
 * The live staff session of a request's `staff_session` cookie, its idle deadline moved on;
 * null without one. For the guard, and for the back office's pages to resolve their member.
 */
export async function staffSessionOf(request: FastifyRequest): Promise<StaffSession | null> {
  const token = request.cookies?.[STAFF_SESSION_COOKIE];
  if (!token) return null;
  const { db, config } = request.server;
  const found = await findLiveStaffSession(db, token, config.staff.idleMinutes);
  if (found && Date.now() - found.lastSeenAt.getTime() > TOUCH_AFTER_MS)
    found.lastSeenAt = await touchStaffSession(db, found.sessionId);
  return found;
}

export async function staffGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!isBackOfficeRequest(request)) return;
  const config = request.routeOptions.config;
  if (config.staffPublic) return;
  const found = await staffSessionOf(request);
  request.staff = found;
  requireMember(found, { role: config.staffRole, duringTotpSetup: config.staffDuringTotpSetup });
}

/** The signed-in member (the guard has run): 401 without one, 403 below the role asked for. */
export function requireStaff(request: FastifyRequest, role?: StaffRole): StaffSession {
  return requireMember(request.staff, { role, duringTotpSetup: true });
}

/** Who makes a change, for the audit log: the member and the address the request came from. */
export function actorOf(session: StaffSession, ip: string): AuditActor {
  return { staffId: session.member.id, actor: session.member.email, ip };
}

/** Who is making a change, for the audit log. */
export function auditActor(request: FastifyRequest): AuditActor {
  return actorOf(requireStaff(request), request.ip);
}

function cookieOptions(request: FastifyRequest) {
  return {
    path: '/',
    httpOnly: true,
    // Strict: no other site can make a browser send it, not even on a top-level link.
    sameSite: 'strict' as const,
    secure: request.server.config.env === 'production' || request.protocol === 'https',
  };
}

export function setStaffCookie(reply: FastifyReply, request: FastifyRequest, token: string, expiresAt: Date) {
  void reply.setCookie(STAFF_SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt });
}

export function clearStaffCookie(reply: FastifyReply, request: FastifyRequest) {
  void reply.clearCookie(STAFF_SESSION_COOKIE, cookieOptions(request));
}
