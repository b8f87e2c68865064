import type { ActionResult } from './actions.ts';
import type { Ok } from './errors.ts';
import type { z } from './zod.ts';
import type {
  confirmEmailSchema,
  changePasswordSchema,
  deactivateSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  updateUserSchema,
  UserOk,
} from './users.ts';

/** The fields of each account form as the page checked them with the contract's schema. */
export type LoginFields = z.output<typeof loginSchema>;
export type RegisterFields = z.output<typeof registerSchema>;
export type ForgotPasswordFields = z.output<typeof forgotPasswordSchema>;
export type ResetPasswordFields = z.output<typeof resetPasswordSchema>;
export type ConfirmEmailFields = z.output<typeof confirmEmailSchema>;
export type ProfileFields = Omit<z.output<typeof updateUserSchema>, 'userImage'>;
export type ChangePasswordFields = z.output<typeof changePasswordSchema>;
export type DeactivateFields = z.output<typeof deactivateSchema>;

/**
 * The shopper's account: signing in and out, registering, the password and e-mail links, and
 * the profile page's changes, made by the same use cases as the API's account calls (the same
 * throttles, mails and answers). A change that starts or ends the session answers the cookie
 * with it (`ActionResult.cookies`): set on signing in, cleared when every session of the
 * account ends. The profile's changes are the signed-in shopper's own; a visitor is refused
 * 401, as the API refuses a call without a session.
 */
export interface StoreAccount {
  /** Signs in with an e-mail or a mobile number; 401 LOGIN_FAILED whatever was wrong, 429 when throttled. */
  logIn(input: LoginFields): Promise<ActionResult<UserOk>>;
  /** Opens an account (it does not sign in); 409 when the name, phone or e-mail is taken. */
  register(input: RegisterFields): Promise<ActionResult<UserOk>>;
  /** Ends this session (none: nothing to end) and clears its cookie. */
  logOut(): Promise<ActionResult>;
  /** Mails a reset link when the account exists; the same answer when it does not. */
  requestPasswordReset(input: ForgotPasswordFields): Promise<ActionResult>;
  /** A new password with the link's token; every session of the account ends. */
  resetPassword(input: ResetPasswordFields): Promise<ActionResult>;
  /** Confirms a new e-mail address with the token of the link sent to it. */
  confirmEmail(input: ConfirmEmailFields): Promise<ActionResult>;
  /**
   * Saves the profile, with the picture the form posted (checked, re-encoded and refused as the
   * API's upload is); a new e-mail is only asked for (EMAIL_CHANGE_REQUESTED).
   */
  updateProfile(input: ProfileFields, image: Blob | null): Promise<ActionResult<UserOk>>;
  /** A new password (the old one checked); every session of the account ends. */
  changePassword(input: ChangePasswordFields): Promise<ActionResult>;
  /** Deactivates the account (the password checked); every session of the account ends. */
  deactivateAccount(input: DeactivateFields): Promise<ActionResult<Ok>>;
}
