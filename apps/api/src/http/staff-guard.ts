import { STAFF_SESSION_COOKIE } from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors.ts';
import type { AuditActor } from '../lib/audit-actor.ts';
import type { StaffSession } from '../modules/staff/access.ts';
import { memberActor, staffAtDoor, type StaffAtDoor } from '../use-cases/staff/session.ts';
import { isBackOfficeRequest } from './csrf.ts';

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

/** The member of a request's `staff_session` cookie: resolved once, judged by the access rule. */
export function staffOf(request: FastifyRequest): StaffAtDoor {
  return staffAtDoor(request.server.shop, request.cookies?.[STAFF_SESSION_COOKIE]);
}

/**
 * The live staff session of a request's `staff_session` cookie, its idle deadline moved on;
 * null without one (a request without the cookie is not looked up at all).
 */
export function staffSessionOf(request: FastifyRequest): Promise<StaffSession | null> {
  if (!request.cookies?.[STAFF_SESSION_COOKIE]) return Promise.resolve(null);
  return staffOf(request).session();
}

export async function staffGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!isBackOfficeRequest(request)) return;
  const config = request.routeOptions.config;
  if (config.staffPublic) return;
  const member = staffOf(request);
  request.staff = await member.session();
  await member.admit({ role: config.staffRole, duringTotpSetup: config.staffDuringTotpSetup });
}

/** The signed-in member the guard let in; 401 on a route the guard left open. */
export function requireStaff(request: FastifyRequest): StaffSession {
  if (!request.staff) throw new AppError(401, 'STAFF_SESSION_REQUIRED');
  return request.staff;
}

/** Who makes a change, for the audit log: the member and the address the request came from. */
export function actorOf(session: StaffSession, ip: string): AuditActor {
  return memberActor(session.member, ip);
}

/** Who is making a change, for the audit log. */
export function auditActor(request: FastifyRequest): AuditActor {
  return actorOf(requireStaff(request), request.ip);
}
