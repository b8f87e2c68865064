import type { TotpEnrolAnswer } from '@shop/contract';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/password.ts';
import { openSecret, sealSecret } from '../../lib/sealed-secret.ts';
import type { Shop } from '../../lib/shop.ts';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import type { StaffSession } from '../../modules/staff/access.ts';
import { claimTotpStep, presentStaff, updateStaff, type StaffRow } from '../../modules/staff/service.ts';
import { checkCode, enrolment, newTotpSecret } from '../../modules/staff/totp.ts';
import { reset } from '../../modules/throttle/service.ts';
import { enforce, STAFF_LIMITS } from '../../modules/throttle/rules.ts';

/** A member's own two-step verification (decision 102): turning it on, checking a code, turning it off. */

/**
 * Checks a member's TOTP code against `sealed` (their secret, or the one being set up),
 * throttled per member, and claims its time step (one conditional update), so a code works
 * once even when it is sent several times at once. Answers the member as updated; a wrong or
 * used code is 401 TOTP_CODE_INVALID at `code`.
 */
export async function checkMemberCode(
  shop: Pick<Shop, 'db' | 'config'>,
  member: StaffRow,
  sealed: string,
  code: string,
): Promise<StaffRow> {
  const key = `staff-totp:${member.id}`;
  await enforce(shop.db, key, STAFF_LIMITS.totpAccount);
  const secret = await openSecret(shop.config, sealed);
  const step = await checkCode(secret, code, member.totpLastStep);
  const claimed = step === null ? null : await claimTotpStep(shop.db, member.id, step);
  if (!claimed) throw new AppError(401, 'TOTP_CODE_INVALID', [{ path: 'code', code: 'TOTP_CODE_INVALID' }]);
  await reset(shop.db, key);
  return claimed;
}

/**
 * Starts turning two-step verification on: a new secret, kept sealed as pending until a code
 * confirms it (starting again replaces it). 409 TOTP_ALREADY_ON when it is on.
 */
export async function startTotpEnrolment(
  shop: Pick<Shop, 'db' | 'config'>,
  { member }: StaffSession,
): Promise<TotpEnrolAnswer> {
  if (member.totpSecret !== null) throw conflict('TOTP_ALREADY_ON');
  const secret = newTotpSecret();
  // A new secret: the time step of the previous one's last code says nothing about its codes.
  await updateStaff(shop.db, member.id, {
    totpPendingSecret: await sealSecret(shop.config, secret),
    totpLastStep: null,
  });
  return enrolment(secret, member.email);
}

/** Turns two-step verification on with a code of the pending secret (`staff.totp_enable`). */
export async function confirmTotp(
  shop: Pick<Shop, 'db' | 'config'>,
  { member }: StaffSession,
  code: string,
  by: AuditActor,
): Promise<void> {
  if (member.totpSecret !== null) throw conflict('TOTP_ALREADY_ON');
  if (member.totpPendingSecret === null) throw conflict('TOTP_NOT_ENROLLED');
  await checkMemberCode(shop, member, member.totpPendingSecret, code);
  await shop.db.transaction(async (tx) => {
    const after = await updateStaff(tx, member.id, {
      totpSecret: member.totpPendingSecret,
      totpPendingSecret: null,
    });
    await recordAudit(tx, {
      by,
      action: 'staff.totp_enable',
      entityType: 'staff',
      entityId: member.id,
      before: presentStaff(member),
      after: presentStaff(after),
    });
  });
}

/**
 * Turns two-step verification off with the member's password and a current code
 * (`staff.totp_disable`); 403 TOTP_REQUIRED_BY_OWNER while the owner requires it. The password
 * check is throttled per member: a session left open is not a free oracle.
 */
export async function turnOffTotp(
  shop: Pick<Shop, 'db' | 'config'>,
  session: StaffSession,
  input: { password: string; code: string },
  by: AuditActor,
): Promise<void> {
  const { member } = session;
  if (member.totpSecret === null) throw conflict('TOTP_NOT_ON');
  if (session.totpRequired) throw new AppError(403, 'TOTP_REQUIRED_BY_OWNER');
  await enforce(shop.db, `staff-password-check:${member.id}`, STAFF_LIMITS.passwordCheck);
  if (!(await verifyPassword(member.passwordHash ?? undefined, input.password)))
    throw badRequest('PASSWORD_INCORRECT', 'password');
  await checkMemberCode(shop, member, member.totpSecret, input.code);
  await shop.db.transaction(async (tx) => {
    const after = await updateStaff(tx, member.id, { totpSecret: null, totpPendingSecret: null });
    await recordAudit(tx, {
      by,
      action: 'staff.totp_disable',
      entityType: 'staff',
      entityId: member.id,
      before: presentStaff(member),
      after: presentStaff(after),
    });
  });
}
