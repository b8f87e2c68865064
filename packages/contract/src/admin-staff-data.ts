import type { ActionResult } from './actions.ts';
import type {
  SecuritySettings,
  SecuritySettingsOk,
  StaffInvite,
  StaffMember,
  StaffMemberOk,
  StaffRole,
  StaffSetPassword,
  StaffSignIn,
  StaffSignInAnswer,
  StaffSignInTotp,
  StaffSignedIn,
  TotpConfirm,
  TotpDisable,
  TotpEnrolAnswer,
} from './admin.ts';
import type { Ok } from './errors.ts';

/**
 * The staff page (owners): the members and the security setting, and their changes as the
 * API's staff calls make them (the same row locks that keep an active owner, the same audit
 * entries and mails). A member that does not exist is 404 STAFF_NOT_FOUND.
 */
export interface BackOfficeStaff {
  /** Every member, oldest account first (as `GET /api/admin/staff` lists them). */
  list(): Promise<StaffMember[]>;
  securitySettings(): Promise<SecuritySettings>;

  /** Adds a member and mails them a one-time link to set their password; 409 for a taken e-mail. */
  invite(input: StaffInvite): Promise<ActionResult<StaffMemberOk>>;
  /** Disables (their sessions end) or enables a member; 409 LAST_OWNER for the last active owner. */
  setDisabled(id: string, disabled: boolean): Promise<ActionResult<StaffMemberOk>>;
  /** Changes a member's role; 409 LAST_OWNER when the last active owner would become staff. */
  changeRole(id: string, role: StaffRole): Promise<ActionResult<StaffMemberOk>>;
  /** Turns a member's two-step verification off (a lost phone); their sessions end. */
  resetTotp(id: string): Promise<ActionResult<StaffMemberOk>>;
  /** Mails a member a new link to set their password; earlier links stop working. */
  sendPasswordLink(id: string): Promise<ActionResult>;
  /** Requires two-step verification of everyone, or stops; 409 TOTP_OWN_FIRST without one's own. */
  setSecuritySettings(settings: SecuritySettings): Promise<ActionResult<SecuritySettingsOk>>;
}

/**
 * Signing in and out of the back office, and the member's own account (My account). Signing in
 * answers the `staff_session` cookie with it (`ActionResult.cookies`); signing out, everywhere,
 * and setting a password from a link answer it cleared. Refusals are the API's: 401
 * STAFF_SIGN_IN_FAILED whatever was wrong, 429 with `retryAfter` when throttled.
 */
export interface BackOfficeAccount {
  /** The password step: signed in, or `totp_required` with the challenge for the code step. */
  signIn(input: StaffSignIn): Promise<ActionResult<StaffSignInAnswer>>;
  /** The code step, with the challenge of the password step. */
  signInWithCode(input: StaffSignInTotp): Promise<ActionResult<StaffSignedIn>>;
  /** A password chosen from an invitation's or an owner's link; every session of the member ends. */
  setPassword(input: StaffSetPassword): Promise<ActionResult>;
  /** Ends this session. */
  signOut(): Promise<ActionResult>;
  /** Ends every session of the member, this one too. */
  signOutEverywhere(): Promise<ActionResult>;
  /** A new two-step secret and its QR code; nothing is on until a code confirms it. */
  startTotp(): Promise<ActionResult<TotpEnrolAnswer>>;
  /** Turns two-step verification on with a code from the app. */
  confirmTotp(input: TotpConfirm): Promise<ActionResult<Ok>>;
  /** Turns it off with the password and a current code; 403 while the owner requires it. */
  turnOffTotp(input: TotpDisable): Promise<ActionResult<Ok>>;
}
