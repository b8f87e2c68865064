import type { ConfirmEmailFields, Lang, ProfileFields } from '@shop/contract';
import { AppError, badRequest } from '../../lib/errors.ts';
import { removeStoredImages } from '../../lib/images.ts';
import type { Shop } from '../../lib/shop.ts';
import { endAllSessions } from '../../modules/users/sessions.ts';
import {
  createEmailChange,
  deactivateAccount,
  emailHeldByOther,
  findConflicts,
  findUserById,
  retireEmailChanges,
  updateProfile,
  useEmailChange,
  type UserRow,
} from '../../modules/users/service.ts';
import { enforce, profileChangesPerAccount, RESET_PER_IP } from '../../modules/throttle/rules.ts';
import { activeAccount, checkOwnPassword, conflictError, phoneOrFail, unlessTaken } from './checks.ts';
import { confirmEmailMail, emailChangeNotice, maskEmail, sendInBackground, tokenLink } from './mails.ts';

/** The profile page's changes: the profile and its picture, a new e-mail address, deactivation. */

/** A profile change as a form posted it. */
export interface ProfileChange {
  input: ProfileFields;
  /**
   * Stores the posted picture, when there is one, for the change `save` makes with its public
   * path; the stored file is removed again when the change fails or finds nothing to change.
   */
  withImage<T>(save: (image: string | undefined) => Promise<T>): Promise<T>;
}

export interface ProfileSaved {
  row: UserRow;
  /** A new e-mail was asked for: a link went to it (when no other account holds it), a notice to the old one. */
  emailChangeRequested: boolean;
}

/**
 * Saves the signed-in shopper's profile. Counted per account first, whoever holds the session
 * (PROFILE_CHANGES_PER_HOUR, 429 beyond): `read` gives the checked form only then. A new phone
 * or e-mail needs the current password (400 CURRENT_PASSWORD_REQUIRED, PASSWORD_INCORRECT); a
 * taken name or phone is refused as registration refuses it. A new e-mail is not changed here:
 * a link is mailed to it, whether or not the address is free (only its mailbox's owner learns
 * that), and the old address is told. The old picture goes once a new one is saved. Null when
 * the account is no longer active.
 */
export async function saveProfile(
  shop: Pick<Shop, 'db' | 'config' | 'mailer' | 'log' | 'origin'>,
  userId: string,
  lang: Lang,
  read: () => Promise<ProfileChange> | ProfileChange,
): Promise<ProfileSaved | null> {
  const { db } = shop;
  const current = await activeAccount(shop, userId);
  if (!current) return null;
  await enforce(
    db,
    `profile:account:${current.id}`,
    profileChangesPerAccount(shop.config.profileChangesPerHour),
  );
  const { input, withImage } = await read();
  const phone = input.UserPhone === undefined ? undefined : phoneOrFail(input.UserPhone, 'UserPhone');
  const newPhone = phone !== undefined && phone !== current.phone ? phone : undefined;
  const newEmail =
    input.UserEmail !== undefined && input.UserEmail !== current.email ? input.UserEmail : undefined;
  // The phone and e-mail are how an account is logged into and recovered: a session alone
  // (a shared computer, a stolen cookie) must not be enough to change them.
  if (newPhone !== undefined || newEmail !== undefined) {
    if (!input.currentPassword) throw badRequest('CURRENT_PASSWORD_REQUIRED', 'currentPassword');
    await checkOwnPassword(shop, current, input.currentPassword, 'currentPassword');
  }
  const values = {
    ...(input.UserName !== undefined && { name: input.UserName }),
    ...(newPhone !== undefined && { phone: newPhone }),
  };
  // A taken e-mail is not told here (see below).
  const conflicts = await findConflicts(db, values, current.id);
  if (conflicts.length > 0) throw conflictError(conflicts);
  const saved = await withImage((image) =>
    unlessTaken(() => updateProfile(db, current.id, { ...values, ...(image && { image }) })),
  );
  if (!saved) throw new AppError(409, 'UPDATE_FAILED');
  // The old picture is nobody's any more.
  if (saved.image !== current.image && current.image?.startsWith('/uploads/users/'))
    await removeStoredImages(shop.config.uploadsDir, [current.image]);
  if (newEmail === undefined) return { row: saved, emailChangeRequested: false };
  if (!(await emailHeldByOther(db, newEmail, current.id))) {
    const token = await createEmailChange(db, current.id, newEmail);
    const mail = confirmEmailMail[lang](tokenLink(shop, '/confirm-email', token, lang));
    sendInBackground(shop, { to: newEmail, ...mail }, 'e-mail confirmation mail failed');
  }
  sendInBackground(
    shop,
    { to: current.email, ...emailChangeNotice[lang](maskEmail(newEmail)) },
    'e-mail change notice failed',
  );
  shop.log.info({ userId: current.id }, 'e-mail change requested');
  return { row: saved, emailChangeRequested: true };
}

/**
 * Confirms a new e-mail address with the token of the link sent to it (once, within a day,
 * signed in or not). An invalid or used token is 400 EMAIL_CHANGE_TOKEN_INVALID; the address
 * taken by another account meanwhile 409 EMAIL_EXISTS. Throttled per IP.
 */
export async function confirmEmailChange(
  shop: Pick<Shop, 'db' | 'log'>,
  { token }: ConfirmEmailFields,
  ip: string,
): Promise<void> {
  const { db } = shop;
  await enforce(db, `confirm-email:ip:${ip}`, RESET_PER_IP);
  const change = await useEmailChange(db, token);
  const row = change ? await findUserById(db, change.userId) : null;
  if (!change || !row?.active) throw badRequest('EMAIL_CHANGE_TOKEN_INVALID', 'token');
  await unlessTaken(() => updateProfile(db, row.id, { email: change.newEmail }));
  await retireEmailChanges(db, row.id);
  shop.log.info({ userId: row.id }, 'e-mail changed');
}

/**
 * The shopper deactivates their own account (a soft delete: orders are kept), the password
 * checked; every session of it ends. Null when the account is no longer active.
 */
export async function deactivateOwnAccount(
  shop: Pick<Shop, 'db' | 'log'>,
  userId: string,
  password: string,
): Promise<true | null> {
  const row = await activeAccount(shop, userId);
  if (!row) return null;
  await checkOwnPassword(shop, row, password, 'password');
  await deactivateAccount(shop.db, row.id);
  await endAllSessions(shop.db, row.id);
  shop.log.info({ userId: row.id }, 'account deactivated');
  return true;
}
