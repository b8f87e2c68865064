import type { StaffSignIn, StaffSignInTotp } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import {
  findStaffByEmail,
  findStaffById,
  insertStaffToken,
  peekStaffToken,
  useStaffToken,
  type StaffRow,
} from '../../modules/staff/service.ts';
import { release } from '../../modules/throttle/service.ts';
import { enforce, STAFF_LIMITS } from '../../modules/throttle/rules.ts';
import { passwordSignIn, type SignInFailure } from '../password-sign-in.ts';
import { checkMemberCode } from './totp.ts';
import { memberActor, openStaffSession, type OpenedStaffSession, type SignInOrigin } from './session.ts';

/** Signing in to the back office (decisions 101, 102): the password, then a code when it is on. */

/** A password was right; the TOTP code must follow within this time. */
const SIGN_IN_CHALLENGE_MINUTES = 5;

export type StaffSignInOutcome =
  | ({ status: 'signed_in' } & OpenedStaffSession)
  | { status: 'totp_required'; challenge: string; expiresAt: Date };

/**
 * A failed sign-in (`staff.sign_in_failed`, with the IP): the member when the e-mail is one,
 * else the e-mail as typed (trimmed, lower case, as the sign-in compares it).
 */
async function recordSignInFailure(
  db: Db,
  values: { member: StaffRow | null; email: string; ip: string; reason: SignInFailure | 'wrong_code' },
): Promise<void> {
  const { member, ip, reason } = values;
  const email = values.email.trim().toLowerCase().slice(0, 254);
  await recordAudit(db, {
    by: member ? memberActor(member, ip) : { staffId: null, actor: email, ip },
    action: 'staff.sign_in_failed',
    entityType: 'staff',
    entityId: member?.id ?? email,
    before: null,
    after: { reason },
  });
}

/**
 * The password step. A wrong e-mail or password, or a disabled account, is one refusal (401
 * STAFF_SIGN_IN_FAILED), audited with its reason; throttled per account and IP, per IP and per
 * account (429). A member with two-step verification on gets a challenge for the code step;
 * anyone else is signed in.
 */
export async function signInWithPassword(
  shop: Pick<Shop, 'db' | 'config'>,
  { email, password }: StaffSignIn,
  from: SignInOrigin,
): Promise<StaffSignInOutcome> {
  const { db } = shop;
  const member = await findStaffByEmail(db, email);
  const { account, succeeded } = await passwordSignIn(
    db,
    {
      scope: 'staff-sign-in',
      limits: STAFF_LIMITS.signIn,
      refusal: 'STAFF_SIGN_IN_FAILED',
      barred: (m) => m.disabled,
      refused: (reason) => recordSignInFailure(db, { member, email, ip: from.ip, reason }),
    },
    { account: member, typed: email, password, ip: from.ip },
  );
  await succeeded();
  if (account.totpSecret !== null) {
    const challenge = await insertStaffToken(db, {
      staffId: account.id,
      purpose: 'sign_in',
      minutes: SIGN_IN_CHALLENGE_MINUTES,
    });
    return { status: 'totp_required', challenge: challenge.token, expiresAt: challenge.expiresAt };
  }
  return { status: 'signed_in', ...(await openStaffSession(shop, account, from, 'password')) };
}

/**
 * The code step, with the password step's challenge (once, for five minutes). An unknown or used
 * challenge is 400 SIGN_IN_CHALLENGE_INVALID; a wrong or reused code 401 TOTP_CODE_INVALID,
 * audited; five wrong codes of a member in 15 minutes 429.
 */
export async function signInWithCode(
  shop: Pick<Shop, 'db' | 'config'>,
  { challenge, code }: StaffSignInTotp,
  from: SignInOrigin,
): Promise<OpenedStaffSession> {
  const { db } = shop;
  const ipKey = `staff-sign-in:ip:${from.ip}`;
  await enforce(db, ipKey, STAFF_LIMITS.signIn.ip);
  const found = await peekStaffToken(db, challenge, 'sign_in');
  const member = found ? await findStaffById(db, found.staffId) : null;
  if (!found || !member || member.disabled || member.totpSecret === null)
    throw badRequest('SIGN_IN_CHALLENGE_INVALID', 'challenge');
  const current = await checkMemberCode(shop, member, member.totpSecret, code).catch(
    async (error: unknown) => {
      if (error instanceof AppError && error.code === 'TOTP_CODE_INVALID')
        await recordSignInFailure(db, { member, email: member.email, ip: from.ip, reason: 'wrong_code' });
      throw error;
    },
  );
  if (!(await useStaffToken(db, found.tokenId))) throw badRequest('SIGN_IN_CHALLENGE_INVALID', 'challenge');
  await release(db, ipKey);
  return openStaffSession(shop, current, from, 'totp');
}
