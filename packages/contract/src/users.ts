import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { EMAIL_MAX, looksLikeSaudiMobile, PASSWORD_MAX, PASSWORD_MIN, USER_NAME_MAX } from './constants.ts';

/**
 * Accounts: field rules shared by the storefront forms and the API. The object key order is
 * the order of the checks in docs/requirements/rules.md (name, phone, e-mail, password,
 * confirmation, match), so the first failing field of a parse is the one to report.
 */

const PHONE_INPUT_MAX = 32;

export const userNameField = text()
  .trim()
  .min(1, { message: 'NAME_REQUIRED', abort: true })
  .max(USER_NAME_MAX, 'NAME_TOO_LONG');

/**
 * The original client's rule was "longer than 9 characters"; a Saudi mobile in any accepted form
 * satisfies it except the bare 9-digit 5XXXXXXXX, which we accept too (decision 021).
 */
export const userPhoneField = text()
  .trim()
  .min(1, { message: 'PHONE_INVALID', abort: true })
  .max(PHONE_INPUT_MAX, { message: 'PHONE_INVALID', abort: true })
  .refine(looksLikeSaudiMobile, 'PHONE_INVALID');

export const userEmailField = text()
  .trim()
  .toLowerCase()
  .min(1, 'EMAIL_REQUIRED')
  .pipe(z.email('EMAIL_INVALID').max(EMAIL_MAX, 'EMAIL_INVALID'));

/** A new password. Never trimmed: spaces are characters like any other. */
export const newPasswordField = z
  .string()
  .min(1, { message: 'PASSWORD_REQUIRED', abort: true })
  .min(PASSWORD_MIN, 'PASSWORD_TOO_SHORT')
  .max(PASSWORD_MAX, 'PASSWORD_TOO_LONG');

const confirmationField = z.string().min(1, 'PASSWORD_CONFIRMATION_REQUIRED');

/** Checks that run only when every field passed, so a mismatch is reported last. */
const whenFieldsPass = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * Registration as sent (multipart or JSON). `confirmPassword` is optional on the wire (the
 * original client does not send it); when sent, it must match.
 */
export const registerSchema = z
  .object({
    UserName: userNameField,
    UserPhone: userPhoneField,
    UserEmail: userEmailField,
    UserPassword: newPasswordField,
    confirmPassword: confirmationField.optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.UserPassword, {
    message: 'PASSWORD_CONFIRMATION_MISMATCH',
    path: ['confirmPassword'],
    ...whenFieldsPass,
  });
export type RegisterInput = z.input<typeof registerSchema>;

/** The registration form: the confirmation is required. */
export const registerFormSchema = z
  .object({
    UserName: userNameField,
    UserPhone: userPhoneField,
    UserEmail: userEmailField,
    UserPassword: newPasswordField,
    confirmPassword: confirmationField,
  })
  .refine((v) => v.confirmPassword === v.UserPassword, {
    message: 'PASSWORD_CONFIRMATION_MISMATCH',
    path: ['confirmPassword'],
    ...whenFieldsPass,
  });

/** Login: `userEmail` is an e-mail (any case) or a mobile number in any accepted form. */
export const loginSchema = z.object({
  userEmail: text()
    .trim()
    .toLowerCase()
    .min(1, { message: 'LOGIN_EMAIL_REQUIRED', abort: true })
    .max(EMAIL_MAX, 'LOGIN_FAILED'),
  userPassword: z
    .string()
    .min(1, { message: 'PASSWORD_REQUIRED', abort: true })
    .max(PASSWORD_MAX, 'LOGIN_FAILED'),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The signed-in shopper's own password, asked again before a change that could take the account. */
const currentPasswordField = z.string().max(PASSWORD_MAX, 'PASSWORD_INCORRECT');

/**
 * Profile update (multipart; `userImage` is the file part). Absent fields stay as they are.
 * A new phone or e-mail needs `currentPassword`; a new e-mail takes effect once the link sent
 * to it is opened.
 */
export const updateUserSchema = z.object({
  UserName: userNameField.optional(),
  UserPhone: userPhoneField.optional(),
  UserEmail: userEmailField.optional(),
  currentPassword: currentPasswordField.optional(),
  userImage: z.string().optional().meta({
    description: 'An image file (JPEG, PNG or WebP, at most 2 MB); multipart only.',
    format: 'binary',
  }),
});
export type UpdateUserInput = z.input<typeof updateUserSchema>;

/**
 * The profile form: every field is shown and filled; the current password only matters
 * (and the server asks for it) when the phone or e-mail changes.
 */
export const profileFormSchema = z.object({
  UserName: userNameField,
  UserPhone: userPhoneField,
  UserEmail: userEmailField,
  currentPassword: currentPasswordField.optional(),
});

/** The token of the link sent to a new e-mail address. */
export const confirmEmailSchema = z.object({
  token: text().min(1, 'EMAIL_CHANGE_TOKEN_INVALID').max(200, 'EMAIL_CHANGE_TOKEN_INVALID'),
});
export type ConfirmEmailInput = z.input<typeof confirmEmailSchema>;

/**
 * Password change as sent: `{oldPassword, password}`. `confirmPassword` is optional
 * on the wire and must match when sent.
 */
export const changePasswordSchema = z
  .object({
    oldPassword: z.string().min(1, 'DATA_INCOMPLETE').max(PASSWORD_MAX, 'PASSWORD_INCORRECT'),
    password: z
      .string()
      .min(1, { message: 'DATA_INCOMPLETE', abort: true })
      .min(PASSWORD_MIN, 'PASSWORD_TOO_SHORT')
      .max(PASSWORD_MAX, 'PASSWORD_TOO_LONG'),
    confirmPassword: z.string().min(1, 'DATA_INCOMPLETE').optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: 'PASSWORD_CHANGE_MISMATCH',
    path: ['confirmPassword'],
    ...whenFieldsPass,
  });
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The password change form: the same checks, with the confirmation required, then the match. */
export const changePasswordFormSchema = z
  .object({
    oldPassword: changePasswordSchema.shape.oldPassword,
    password: changePasswordSchema.shape.password,
    confirmPassword: z.string().min(1, 'DATA_INCOMPLETE'),
  })
  .refine((v) => v.confirmPassword === v.password, {
    message: 'PASSWORD_CHANGE_MISMATCH',
    path: ['confirmPassword'],
    ...whenFieldsPass,
  });

/** Deactivation ("delete account" on the profile page): the password, and optionally `status: false`. */
export const deactivateSchema = z.object({
  password: z
    .string()
    .min(1, { message: 'DELETE_PASSWORD_REQUIRED', abort: true })
    .max(PASSWORD_MAX, 'PASSWORD_INCORRECT'),
  status: z.literal(false).optional(),
});
export type DeactivateInput = z.input<typeof deactivateSchema>;

/** Forgot password: an e-mail or a mobile number, like the login field. */
export const forgotPasswordSchema = z.object({
  userEmail: loginSchema.shape.userEmail,
});

export const resetPasswordSchema = z
  .object({
    token: text().min(1, 'RESET_TOKEN_INVALID').max(200, 'RESET_TOKEN_INVALID'),
    password: newPasswordField,
    confirmPassword: confirmationField.optional(),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.password, {
    message: 'PASSWORD_CONFIRMATION_MISMATCH',
    path: ['confirmPassword'],
    ...whenFieldsPass,
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** A user as the API answers it. `userImage` is null when there is none. */
export const userSchema = z.object({
  userId: z.string(),
  /** The same id as `userId` (clients read both). */
  _id: z.string(),
  userName: z.string(),
  /** E.164, e.g. `+966551234567`. */
  userPhone: z.string(),
  userEmail: z.string(),
  userImage: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A success message with the user record beside it (registration, profile update). */
export const userOkSchema = okSchema.extend(userSchema.shape);
export type UserOk = z.infer<typeof userOkSchema>;

/**
 * Login: the user record (as clients read it, `result.userId`), plus the session token for
 * API clients that send `Authorization: Bearer`. Browsers use the httpOnly cookie instead and
 * should not store the token.
 */
export const loginResponseSchema = userOkSchema.extend({
  token: z.string(),
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
