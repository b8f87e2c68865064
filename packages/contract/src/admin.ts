import { z } from './zod.ts';
import { text } from './text.ts';
import { okSchema } from './errors.ts';
import { languages } from './messages.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { newPasswordField, userEmailField, userNameField } from './users.ts';

/**
 * The back office's calls (under `/api/admin`): staff sign-in with an optional TOTP step,
 * their sessions and two-factor settings, staff management and the audit log.
 */

export const staffRoles = ['owner', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** A staff member as the back office shows them: never a password hash or a TOTP secret. */
export const staffMemberSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  disabled: z.boolean(),
  totpEnabled: z.boolean(),
  /** Invited and has not set a password yet. */
  invitationPending: z.boolean(),
  lang: z.enum(languages),
  createdAt: z.iso.datetime(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffMeSchema = z.object({
  staff: staffMemberSchema,
  /** The owner requires two-step verification of every member. */
  totpRequired: z.boolean(),
  /**
   * This member must turn on two-step verification before anything else: until then only
   * `me`, TOTP enrolment and signing out answer.
   */
  totpSetupRequired: z.boolean(),
  /** When this session ends if it stays idle (it moves on with every request). */
  idleExpiresAt: z.iso.datetime(),
  /** When this session ends in any case. */
  expiresAt: z.iso.datetime(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** What a back-office page or call asks of the member. */
export interface StaffNeed {
  /** `owner` for what only owners may do; any member when unset. */
  role?: StaffRole;
  /** Open while the owner requires two-step verification and the member has not set it up yet. */
  duringTotpSetup?: boolean;
}

/**
 * Why the back office's access rule refuses a member: no live session (401), two-step
 * verification still to set up (403), or a role below the one asked for (403).
 */
export type StaffRefusal = 'STAFF_SESSION_REQUIRED' | 'TOTP_SETUP_REQUIRED' | 'STAFF_ROLE_REQUIRED';

/** The access rule's decision for a member and a need; `me` is the signed-in member, if any. */
export type StaffAccess =
  { allowed: true; me: StaffMe } | { allowed: false; refusal: StaffRefusal; me: StaffMe | null };

/** A password typed at sign-in: never trimmed, bounded so no one hashes megabytes. */
const passwordInput = z.string().min(1, 'PASSWORD_REQUIRED').max(1024, 'PASSWORD_TOO_LONG');

export const staffSignInSchema = z.object({
  email: text().trim().toLowerCase().min(1, 'EMAIL_REQUIRED').max(254, 'EMAIL_INVALID'),
  password: passwordInput,
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

/** Six digits; spaces an authenticator app shows (`123 456`) are allowed. */
export const totpCodeField = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'TOTP_CODE_REQUIRED')
      .regex(/^[0-9]{6}$/, 'TOTP_CODE_INVALID'),
  );

export const staffSignInAnswerSchema = z.discriminatedUnion('status', [
  okSchema.extend({ status: z.literal('signed_in'), me: staffMeSchema }),
  z.object({
    status: z.literal('totp_required'),
    /** Sent back with the code to `sign-in/totp`; single use, valid for five minutes. */
    challenge: z.string(),
    expiresAt: z.iso.datetime(),
  }),
]);
export type StaffSignInAnswer = z.infer<typeof staffSignInAnswerSchema>;

export const staffSignInTotpSchema = z.object({
  challenge: z.string().min(1, 'SIGN_IN_CHALLENGE_INVALID').max(64, 'SIGN_IN_CHALLENGE_INVALID'),
  code: totpCodeField,
});
export type StaffSignInTotp = z.output<typeof staffSignInTotpSchema>;

export const staffSignedInSchema = okSchema.extend({ status: z.literal('signed_in'), me: staffMeSchema });
export type StaffSignedIn = z.infer<typeof staffSignedInSchema>;

export const staffSetPasswordSchema = z.object({
  token: z.string().min(1, 'SET_PASSWORD_TOKEN_INVALID').max(64, 'SET_PASSWORD_TOKEN_INVALID'),
  password: newPasswordField,
});
export type StaffSetPassword = z.output<typeof staffSetPasswordSchema>;

export const totpEnrolAnswerSchema = z.object({
  /** The base32 secret, for typing into an app by hand; shown this once. */
  secret: z.string(),
  /** The `otpauth://` URI the QR code holds. */
  otpauthUrl: z.string(),
  /** The QR code as a `data:image/png;base64,` URL. */
  qrDataUrl: z.string(),
});
export type TotpEnrolAnswer = z.infer<typeof totpEnrolAnswerSchema>;

export const totpConfirmSchema = z.object({ code: totpCodeField });
export type TotpConfirm = z.output<typeof totpConfirmSchema>;
export const totpDisableSchema = z.object({ password: passwordInput, code: totpCodeField });
export type TotpDisable = z.output<typeof totpDisableSchema>;

export const staffInviteSchema = z.object({
  email: userEmailField,
  name: userNameField,
  role: z.enum(staffRoles),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;

export const staffIdParams = z.object({ id: z.uuid() });
export const staffDisabledSchema = z.object({ disabled: z.boolean() });
export const staffRoleSchema = z.object({ role: z.enum(staffRoles) });

export const staffListSchema = z.object({ items: z.array(staffMemberSchema) });
export const staffMemberOkSchema = okSchema.extend({ staff: staffMemberSchema });
export type StaffMemberOk = z.infer<typeof staffMemberOkSchema>;

export const securitySettingsSchema = z.object({ totpRequired: z.boolean() });
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
export const securitySettingsOkSchema = okSchema.extend(securitySettingsSchema.shape);
export type SecuritySettingsOk = z.infer<typeof securitySettingsOkSchema>;

/**
 * A point in time in a query: an ISO date-time with its offset, or a plain date, read as
 * midnight in Riyadh (UTC+03:00, no daylight saving).
 */
export const instantQuery = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date or a date-time')
  .transform((d) => new Date(`${d}T00:00:00+03:00`))
  .or(z.iso.datetime({ offset: true }).transform((d) => new Date(d)))
  .refine((d) => !Number.isNaN(d.getTime()), 'must be a date or a date-time');

/** One page of a back-office list: its rows, which page of what size, and the rows in all. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });

export const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^[0-9]{1,6}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

export const auditQuery = z
  .object({
    staffId: z.uuid().optional(),
    action: z.string().trim().min(1).max(100).optional(),
    entityType: z.string().trim().min(1).max(100).optional(),
    entityId: z.string().trim().min(1).max(200).optional(),
    /** From this instant, inclusive. */
    from: instantQuery.optional(),
    /** Before this instant (a plain date: up to the end of the day before it). */
    to: instantQuery.optional(),
    page: wholeNumber(1, 100_000).default(1),
    pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'DATE_RANGE_INVALID', path: ['from'] });
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  /** Null when the member's account is gone or the change came from the command line. */
  staffId: z.uuid().nullable(),
  /** The member's e-mail at the time, or `command-line`. */
  actor: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string(),
  createdAt: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = pageOf(auditEntrySchema);
export type AuditPage = z.infer<typeof auditPageSchema>;
