import type {
  Lang,
  SecuritySettings,
  StaffInvite,
  StaffMember,
  StaffRole,
  StaffSetPassword,
} from '@shop/contract';
import type { AuditActor } from '../../lib/audit-actor.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Shop } from '../../lib/shop.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import type { StaffSession } from '../../modules/staff/access.ts';
import {
  deleteAllStaffSessions,
  findStaffById,
  getSecuritySettings,
  insertStaff,
  insertStaffToken,
  lockForOwnerChange,
  peekStaffToken,
  presentStaff,
  retireStaffTokens,
  setSecuritySettings,
  updateStaff,
  useStaffToken,
  type StaffRow,
} from '../../modules/staff/service.ts';
import { enforce, STAFF_LIMITS } from '../../modules/throttle/rules.ts';
import { memberActor } from './session.ts';
import { invitationMail, passwordLinkMail, SET_PASSWORD_LINK_HOURS, setPasswordLink } from './mails.ts';

/**
 * The staff page's changes (owners; decision 100): inviting, roles, disabling, a lost phone, a
 * new password link, and the security setting; and choosing a password from such a link. Each
 * change and its audit entry are one transaction; mail goes out after the commit.
 */

type MailingShop = Pick<Shop, 'db' | 'mailer' | 'origin'>;

/** A new set-password link for a member, valid for SET_PASSWORD_LINK_HOURS. */
async function newPasswordLinkToken(tx: Parameters<typeof insertStaffToken>[0], staffId: string) {
  const { token } = await insertStaffToken(tx, {
    staffId,
    purpose: 'set_password',
    minutes: SET_PASSWORD_LINK_HOURS * 60,
  });
  return token;
}

/**
 * Invites a member: the account without a password (`staff.invite`) and a one-time link to set
 * one, mailed in `lang`. A taken e-mail is 409 STAFF_EMAIL_EXISTS.
 */
export async function inviteMember(
  shop: MailingShop,
  { email, name, role }: StaffInvite,
  lang: Lang,
  by: AuditActor,
): Promise<StaffMember> {
  const { row, link } = await shop.db.transaction(async (tx) => {
    const row = await insertStaff(tx, { email, name, role, passwordHash: null, lang });
    const token = await newPasswordLinkToken(tx, row.id);
    await recordAudit(tx, {
      by,
      action: 'staff.invite',
      entityType: 'staff',
      entityId: row.id,
      before: null,
      after: presentStaff(row),
    });
    return { row, link: setPasswordLink(shop, lang, token) };
  });
  await shop.mailer.send({ to: row.email, ...invitationMail[lang](row.name, link) });
  return presentStaff(row);
}

/**
 * A change an owner makes to a member, under the row locks that keep at least one active
 * owner, audited in the same transaction; a disabled member, or one whose two-step
 * verification was reset, loses every session. `change` answers the new values, or null when
 * there is nothing to change. Null when there is no such member.
 */
async function changeMember(
  shop: Pick<Shop, 'db'>,
  id: string,
  action: string,
  change: (target: StaffRow, otherActiveOwners: number) => Partial<StaffRow> | null,
  by: AuditActor,
): Promise<StaffMember | null> {
  const changed = await shop.db.transaction(async (tx) => {
    const { target, otherActiveOwners } = await lockForOwnerChange(tx, id);
    if (!target) return null;
    const values = change(target, otherActiveOwners);
    if (!values) return target;
    const after = await updateStaff(tx, id, values);
    if (after.disabled || values.totpSecret === null) await deleteAllStaffSessions(tx, id);
    await recordAudit(tx, {
      by,
      action,
      entityType: 'staff',
      entityId: id,
      before: presentStaff(target),
      after: presentStaff(after),
    });
    return after;
  });
  return changed && presentStaff(changed);
}

const wouldLeaveNoOwner = (target: StaffRow, others: number) =>
  target.role === 'owner' && !target.disabled && others === 0;

/** Disables (`staff.disable`) or enables (`staff.enable`) a member; the last active owner stays (409 LAST_OWNER). */
export function setMemberDisabled(
  shop: Pick<Shop, 'db'>,
  id: string,
  disabled: boolean,
  by: AuditActor,
): Promise<StaffMember | null> {
  return changeMember(
    shop,
    id,
    disabled ? 'staff.disable' : 'staff.enable',
    (target, others) => {
      if (target.disabled === disabled) return null;
      if (disabled && wouldLeaveNoOwner(target, others)) throw conflict('LAST_OWNER');
      return { disabled };
    },
    by,
  );
}

/** Changes a member's role (`staff.change_role`); the last active owner stays one (409 LAST_OWNER). */
export function changeMemberRole(
  shop: Pick<Shop, 'db'>,
  id: string,
  role: StaffRole,
  by: AuditActor,
): Promise<StaffMember | null> {
  return changeMember(
    shop,
    id,
    'staff.change_role',
    (target, others) => {
      if (target.role === role) return null;
      if (role !== 'owner' && wouldLeaveNoOwner(target, others)) throw conflict('LAST_OWNER');
      return { role };
    },
    by,
  );
}

/** Turns a member's two-step verification off, for a lost phone (`staff.totp_reset`). */
export function resetMemberTotp(
  shop: Pick<Shop, 'db'>,
  id: string,
  by: AuditActor,
): Promise<StaffMember | null> {
  return changeMember(
    shop,
    id,
    'staff.totp_reset',
    (target) =>
      target.totpSecret === null && target.totpPendingSecret === null
        ? null
        : { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
    by,
  );
}

/**
 * Mails a member a new one-time link to set their password, in their language
 * (`staff.password_link`); earlier links stop working, their password and sessions stay until
 * it is used. Null when there is no such member.
 */
export async function sendPasswordLink(
  shop: MailingShop,
  id: string,
  by: AuditActor,
): Promise<StaffMember | null> {
  const sent = await shop.db.transaction(async (tx) => {
    const target = await findStaffById(tx, id);
    if (!target) return null;
    await retireStaffTokens(tx, target.id, 'set_password');
    const token = await newPasswordLinkToken(tx, target.id);
    await recordAudit(tx, {
      by,
      action: 'staff.password_link',
      entityType: 'staff',
      entityId: target.id,
      before: presentStaff(target),
      after: presentStaff(target),
    });
    return { target, link: setPasswordLink(shop, target.lang, token) };
  });
  if (!sent) return null;
  await shop.mailer.send({
    to: sent.target.email,
    ...passwordLinkMail[sent.target.lang](sent.target.name, sent.link),
  });
  return presentStaff(sent.target);
}

/**
 * A password chosen from an invitation's or an owner's link (`staff.set_password`, by the
 * member): the link is used up with the others of the member, and every session of theirs
 * ends. Signs nobody in. An unknown, used or expired link is 400 SET_PASSWORD_TOKEN_INVALID;
 * throttled per IP.
 */
export async function setPasswordFromLink(
  shop: Pick<Shop, 'db'>,
  { token, password }: StaffSetPassword,
  ip: string,
): Promise<void> {
  const { db } = shop;
  await enforce(db, `staff-set-password:ip:${ip}`, STAFF_LIMITS.setPasswordIp);
  const found = await peekStaffToken(db, token, 'set_password');
  const member = found ? await findStaffById(db, found.staffId) : null;
  if (!found || !member || member.disabled) throw badRequest('SET_PASSWORD_TOKEN_INVALID', 'token');
  const passwordHash = await hashPassword(password);
  const used = await db.transaction(async (tx) => {
    if (!(await useStaffToken(tx, found.tokenId))) return false;
    const after = await updateStaff(tx, member.id, { passwordHash });
    await retireStaffTokens(tx, member.id, 'set_password');
    await deleteAllStaffSessions(tx, member.id);
    await recordAudit(tx, {
      by: memberActor(member, ip),
      action: 'staff.set_password',
      entityType: 'staff',
      entityId: member.id,
      before: presentStaff(member),
      after: presentStaff(after),
    });
    return true;
  });
  if (!used) throw badRequest('SET_PASSWORD_TOKEN_INVALID', 'token');
}

/**
 * Requires two-step verification of every member, or stops requiring it
 * (`security_settings.update`, only when it changes). An owner without it on is refused 409
 * TOTP_OWN_FIRST: their own next request would meet the requirement they just set.
 */
export async function saveSecuritySettings(
  shop: Pick<Shop, 'db'>,
  { member }: StaffSession,
  after: SecuritySettings,
  by: AuditActor,
): Promise<SecuritySettings> {
  if (after.totpRequired && member.totpSecret === null) throw conflict('TOTP_OWN_FIRST');
  await shop.db.transaction(async (tx) => {
    const before = await getSecuritySettings(tx);
    if (before.totpRequired === after.totpRequired) return;
    await setSecuritySettings(tx, after);
    await recordAudit(tx, {
      by,
      action: 'security_settings.update',
      entityType: 'security_settings',
      entityId: 'staff',
      before,
      after,
    });
  });
  return after;
}
