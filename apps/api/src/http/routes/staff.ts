import {
  adminPages,
  adminPaths,
  okMessage,
  okSchema,
  securitySettingsOkSchema,
  securitySettingsSchema,
  staffDisabledSchema,
  staffIdParams,
  staffInviteSchema,
  staffListSchema,
  staffMeSchema,
  staffMemberOkSchema,
  staffRoleSchema,
  staffSetPasswordSchema,
  staffSignedInSchema,
  staffSignInAnswerSchema,
  staffSignInSchema,
  staffSignInTotpSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpEnrolAnswerSchema,
  type Lang,
} from '@shop/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, badRequest, conflict } from '../../lib/errors.ts';
import type { Mailer } from '../../lib/mail.ts';
import { consume, release, reset, tooManyRequests } from '../../modules/throttle/service.ts';
import { recordAudit } from '../../modules/audit/service.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { staffMe } from '../../views/back-office/staff.ts';
import {
  auditActor,
  clearStaffCookie,
  requireStaff,
  setStaffCookie,
  type StaffSession,
} from '../staff-guard.ts';
import {
  claimTotpStep,
  closeStaffSessions,
  deleteAllStaffSessions,
  findStaffByEmail,
  findStaffById,
  getSecuritySettings,
  insertStaff,
  insertStaffToken,
  listStaff,
  lockForOwnerChange,
  openStaffSession,
  peekStaffToken,
  presentStaff,
  recordSignInFailure,
  retireStaffTokens,
  setSecuritySettings,
  updateStaff,
  useStaffToken,
  type StaffRow,
} from '../../modules/staff/service.ts';
import { checkCode, enrolment, newTotpSecret, openSecret, sealSecret } from '../../modules/staff/totp.ts';

const TAG = ['admin'];
/** OpenAPI: the back office is signed in by its own cookie only. */
const staffCookie: Record<string, string[]>[] = [{ staffSession: [] }];

/**
 * Throttles of the back office (decision 101), on the shop's database counters. Stricter than
 * the storefront's: there are few staff, and each account opens the shop's books.
 */
const LIMITS = {
  signInAccountIp: { limit: 5, windowSeconds: 15 * 60 },
  signInIp: { limit: 30, windowSeconds: 15 * 60 },
  signInAccount: { limit: 50, windowSeconds: 60 * 60 },
  /** Wrong TOTP codes of one member, wherever they come from. */
  totpAccount: { limit: 5, windowSeconds: 15 * 60 },
  setPasswordIp: { limit: 20, windowSeconds: 60 * 60 },
} as const;
/** A password was right; the TOTP code must follow within this time. */
const SIGN_IN_CHALLENGE_MINUTES = 5;
/** How long an invitation's set-password link works. */
const SET_PASSWORD_LINK_HOURS = 72;

async function enforce(
  request: FastifyRequest,
  key: string,
  limits: { limit: number; windowSeconds: number },
) {
  const result = await consume(request.server.db, { key, ...limits });
  if (!result.allowed) throw tooManyRequests(result.retryAfter);
}

/**
 * One password check, counted per account and IP, per IP and per account (in that order, so a
 * blocked source does not use up the account's allowance and lock its owner out).
 */
async function signInAttempt(request: FastifyRequest, account: string) {
  const db = request.server.db;
  const keys = {
    accountIp: `staff-sign-in:account-ip:${account}:${request.ip}`,
    ip: `staff-sign-in:ip:${request.ip}`,
    account: `staff-sign-in:account:${account}`,
  };
  const [byIp, byAccountIp] = await Promise.all([
    consume(db, { key: keys.ip, ...LIMITS.signInIp }),
    consume(db, { key: keys.accountIp, ...LIMITS.signInAccountIp }),
  ]);
  if (!byIp.allowed || !byAccountIp.allowed)
    throw tooManyRequests(
      Math.max(byIp.allowed ? 0 : byIp.retryAfter, byAccountIp.allowed ? 0 : byAccountIp.retryAfter),
    );
  await enforce(request, keys.account, LIMITS.signInAccount);
  return {
    async succeeded() {
      await Promise.all([reset(db, keys.accountIp), reset(db, keys.account), release(db, keys.ip)]);
    },
  };
}

/**
 * Checks a member's TOTP code, throttled per member, and claims its time step (one
 * conditional update), so a code works once even when it is sent several times at once.
 * Answers the member as updated.
 */
async function checkMemberCode(request: FastifyRequest, member: StaffRow, sealed: string, code: string) {
  const key = `staff-totp:${member.id}`;
  await enforce(request, key, LIMITS.totpAccount);
  const secret = await openSecret(request.server.config, sealed);
  const step = await checkCode(secret, code, member.totpLastStep);
  const claimed = step === null ? null : await claimTotpStep(request.server.db, member.id, step);
  if (!claimed) throw new AppError(401, 'TOTP_CODE_INVALID', [{ path: 'code', code: 'TOTP_CODE_INVALID' }]);
  await reset(request.server.db, key);
  return claimed;
}

async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  member: StaffRow,
  method: 'password' | 'totp',
) {
  const { db, config } = request.server;
  const lang: Lang = request.lang;
  const current = member.lang === lang ? member : await updateStaff(db, member.id, { lang });
  const session = await openStaffSession(db, current, {
    hours: config.staff.sessionHours,
    ip: request.ip,
    method,
  });
  setStaffCookie(reply, request, session.token, session.expiresAt);
  const { totpRequired } = await getSecuritySettings(db);
  const live: StaffSession = {
    sessionId: 0,
    lastSeenAt: new Date(),
    expiresAt: session.expiresAt,
    member: current,
    totpRequired,
  };
  return {
    ...okMessage('STAFF_SIGNED_IN', request.lang),
    status: 'signed_in' as const,
    me: staffMe(live, config.staff.idleMinutes),
  };
}

function pageLink(request: FastifyRequest, page: { ar: string; en: string }, lang: Lang, token: string) {
  const config = request.server.config;
  // Never built from the Host header: a forged Host would send the link to someone else's site.
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${base}${page[lang]}?token=${encodeURIComponent(token)}`;
}

const passwordLinkMail = {
  ar: (name: string, link: string) => ({
    subject: 'تعيين كلمة مرور لوحة تحكم المتجر',
    text: `مرحباً ${name}،\n\nلتعيين كلمة مرور جديدة للوحة التحكم افتح الرابط التالي خلال ${SET_PASSWORD_LINK_HOURS} ساعة:\n${link}\n\nإذا لم تتوقع هذه الرسالة فأخبر مالك المتجر.`,
  }),
  en: (name: string, link: string) => ({
    subject: 'Set your shop back office password',
    text: `Hello ${name},\n\nTo set a new password for the back office, open this link within ${SET_PASSWORD_LINK_HOURS} hours:\n${link}\n\nIf you did not expect this message, tell the shop's owner.`,
  }),
};

const invitationMail = {
  ar: (name: string, link: string) => ({
    subject: 'دعوة إلى لوحة تحكم المتجر',
    text: `مرحباً ${name}،\n\nأُضفت إلى فريق المتجر. لتعيين كلمة المرور افتح الرابط التالي خلال ${SET_PASSWORD_LINK_HOURS} ساعة:\n${link}\n\nإذا لم تتوقع هذه الرسالة فتجاهلها.`,
  }),
  en: (name: string, link: string) => ({
    subject: 'Your invitation to the shop back office',
    text: `Hello ${name},\n\nYou have been added to the shop's team. To set your password, open this link within ${SET_PASSWORD_LINK_HOURS} hours:\n${link}\n\nIf you did not expect this message, ignore it.`,
  }),
};

export interface StaffRoutesOptions {
  /** Defaults to the shop's mailer (`app.mailer`: SMTP_URL, or the outbox folder without it). */
  mailer?: Mailer;
}

export const staffRoutes: FastifyPluginAsyncZod<StaffRoutesOptions> = async (app, options) => {
  const mailer = options.mailer ?? app.mailer;
  const db = app.db;
  const idleMinutes = app.config.staff.idleMinutes;

  // ---- signing in and out ----

  app.post(
    adminPaths.signIn.pattern,
    {
      config: { staffPublic: true },
      schema: {
        tags: TAG,
        summary: 'Staff sign-in with e-mail and password',
        description:
          'Sets the httpOnly, SameSite=Strict `staff_session` cookie (`status: signed_in`), or, when the member has ' +
          'two-step verification on, answers `status: totp_required` with a `challenge` for `sign-in/totp`. A wrong ' +
          'e-mail or password, or a disabled account: 401 STAFF_SIGN_IN_FAILED. Throttled per account and IP: 429.',
        body: staffSignInSchema,
        response: { 200: staffSignInAnswerSchema },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const member = await findStaffByEmail(db, email);
      const attempt = await signInAttempt(request, member?.id ?? `unknown:${email}`);
      const valid = await verifyPassword(member?.passwordHash ?? undefined, password);
      if (!member || !valid || member.disabled) {
        const reason = !member ? 'unknown_account' : !valid ? 'wrong_password' : 'disabled';
        await recordSignInFailure(db, { member, email, ip: request.ip, reason });
        throw new AppError(401, 'STAFF_SIGN_IN_FAILED');
      }
      await attempt.succeeded();
      if (member.totpSecret !== null) {
        const challenge = await insertStaffToken(db, {
          staffId: member.id,
          purpose: 'sign_in',
          minutes: SIGN_IN_CHALLENGE_MINUTES,
        });
        return {
          status: 'totp_required' as const,
          challenge: challenge.token,
          expiresAt: challenge.expiresAt.toISOString(),
        };
      }
      return startSession(request, reply, member, 'password');
    },
  );

  app.post(
    adminPaths.signInTotp.pattern,
    {
      config: { staffPublic: true },
      schema: {
        tags: TAG,
        summary: 'Second step of sign-in: the TOTP code',
        description:
          'The challenge works once and for five minutes. A wrong or reused code: 401 TOTP_CODE_INVALID; an unknown ' +
          'or used challenge: 400 SIGN_IN_CHALLENGE_INVALID. Five wrong codes in 15 minutes: 429.',
        body: staffSignInTotpSchema,
        response: { 200: staffSignedInSchema },
      },
    },
    async (request, reply) => {
      await enforce(request, `staff-sign-in:ip:${request.ip}`, LIMITS.signInIp);
      const found = await peekStaffToken(db, request.body.challenge, 'sign_in');
      const member = found ? await findStaffById(db, found.staffId) : undefined;
      if (!found || !member || member.disabled || member.totpSecret === null)
        throw badRequest('SIGN_IN_CHALLENGE_INVALID', 'challenge');
      const current = await checkMemberCode(request, member, member.totpSecret, request.body.code).catch(
        async (error: unknown) => {
          if (error instanceof AppError && error.code === 'TOTP_CODE_INVALID')
            await recordSignInFailure(db, {
              member,
              email: member.email,
              ip: request.ip,
              reason: 'wrong_code',
            });
          throw error;
        },
      );
      if (!(await useStaffToken(db, found.tokenId)))
        throw badRequest('SIGN_IN_CHALLENGE_INVALID', 'challenge');
      await release(db, `staff-sign-in:ip:${request.ip}`);
      return startSession(request, reply, current, 'totp');
    },
  );

  app.post(
    adminPaths.setPassword.pattern,
    {
      config: { staffPublic: true },
      schema: {
        tags: TAG,
        summary: "Set a password from an invitation's or an owner's one-time link",
        description:
          'Ends every session of the member. Signs nobody in. An unknown, used or expired link: 400 SET_PASSWORD_TOKEN_INVALID.',
        body: staffSetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await enforce(request, `staff-set-password:ip:${request.ip}`, LIMITS.setPasswordIp);
      const found = await peekStaffToken(db, request.body.token, 'set_password');
      const member = found ? await findStaffById(db, found.staffId) : undefined;
      if (!found || !member || member.disabled) throw badRequest('SET_PASSWORD_TOKEN_INVALID', 'token');
      const passwordHash = await hashPassword(request.body.password);
      const used = await db.transaction(async (tx) => {
        if (!(await useStaffToken(tx, found.tokenId))) return false;
        const after = await updateStaff(tx, member.id, { passwordHash });
        await retireStaffTokens(tx, member.id, 'set_password');
        await deleteAllStaffSessions(tx, member.id);
        await recordAudit(tx, {
          by: { staffId: member.id, actor: member.email, ip: request.ip },
          action: 'staff.set_password',
          entityType: 'staff',
          entityId: member.id,
          before: presentStaff(member),
          after: presentStaff(after),
        });
        return true;
      });
      if (!used) throw badRequest('SET_PASSWORD_TOKEN_INVALID', 'token');
      clearStaffCookie(reply, request);
      return okMessage('PASSWORD_CHANGED', request.lang);
    },
  );

  app.post(
    adminPaths.signOut.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: TAG,
        summary: 'Sign out: ends this session and clears the cookie',
        security: staffCookie,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const { member, sessionId } = requireStaff(request);
      await closeStaffSessions(db, member, { ip: request.ip, sessionId });
      clearStaffCookie(reply, request);
      return okMessage('LOGGED_OUT', request.lang);
    },
  );

  app.post(
    adminPaths.signOutEverywhere.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: TAG,
        summary: 'Sign out everywhere: ends every session of the member, this one too',
        security: staffCookie,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await closeStaffSessions(db, requireStaff(request).member, { ip: request.ip });
      clearStaffCookie(reply, request);
      return okMessage('STAFF_SIGNED_OUT_EVERYWHERE', request.lang);
    },
  );

  app.get(
    adminPaths.me.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: TAG,
        summary: 'The signed-in member, their session and what the owner requires of them',
        security: staffCookie,
        response: { 200: staffMeSchema },
      },
    },
    async (request) => staffMe(requireStaff(request), idleMinutes),
  );

  // ---- two-step verification of one's own account ----

  app.post(
    adminPaths.totpEnrol.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: TAG,
        summary: 'Start turning on two-step verification: a new secret and its QR code',
        description:
          'Nothing changes until `totp/confirm` receives a code from the app; starting again replaces the secret. ' +
          'With two-step verification already on: 409 TOTP_ALREADY_ON.',
        security: staffCookie,
        response: { 200: totpEnrolAnswerSchema },
      },
    },
    async (request) => {
      const { member } = requireStaff(request);
      if (member.totpSecret !== null) throw conflict('TOTP_ALREADY_ON');
      const secret = newTotpSecret();
      // A new secret: the time step of the previous one's last code says nothing about its codes.
      await updateStaff(db, member.id, {
        totpPendingSecret: await sealSecret(app.config, secret),
        totpLastStep: null,
      });
      return enrolment(secret, member.email);
    },
  );

  app.post(
    adminPaths.totpConfirm.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: TAG,
        summary: 'Turn two-step verification on with a code from the app',
        security: staffCookie,
        body: totpConfirmSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { member } = requireStaff(request);
      if (member.totpSecret !== null) throw conflict('TOTP_ALREADY_ON');
      if (member.totpPendingSecret === null) throw conflict('TOTP_NOT_ENROLLED');
      await checkMemberCode(request, member, member.totpPendingSecret, request.body.code);
      await db.transaction(async (tx) => {
        const after = await updateStaff(tx, member.id, {
          totpSecret: member.totpPendingSecret,
          totpPendingSecret: null,
        });
        await recordAudit(tx, {
          by: auditActor(request),
          action: 'staff.totp_enable',
          entityType: 'staff',
          entityId: member.id,
          before: presentStaff(member),
          after: presentStaff(after),
        });
      });
      return okMessage('TOTP_ENABLED', request.lang);
    },
  );

  app.post(
    adminPaths.totpDisable.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Turn two-step verification off (password and a current code)',
        description: 'Refused with 403 TOTP_REQUIRED_BY_OWNER while the owner requires it for everyone.',
        security: staffCookie,
        body: totpDisableSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const session = requireStaff(request);
      const { member } = session;
      if (member.totpSecret === null) throw conflict('TOTP_NOT_ON');
      if (session.totpRequired) throw new AppError(403, 'TOTP_REQUIRED_BY_OWNER');
      await enforce(request, `staff-password-check:${member.id}`, LIMITS.signInAccountIp);
      if (!(await verifyPassword(member.passwordHash ?? undefined, request.body.password)))
        throw badRequest('PASSWORD_INCORRECT', 'password');
      await checkMemberCode(request, member, member.totpSecret, request.body.code);
      await db.transaction(async (tx) => {
        const after = await updateStaff(tx, member.id, { totpSecret: null, totpPendingSecret: null });
        await recordAudit(tx, {
          by: auditActor(request),
          action: 'staff.totp_disable',
          entityType: 'staff',
          entityId: member.id,
          before: presentStaff(member),
          after: presentStaff(after),
        });
      });
      return okMessage('TOTP_DISABLED', request.lang);
    },
  );

  // ---- staff management (owners) ----

  app.get(
    adminPaths.staffList.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Every staff member (owner)',
        security: staffCookie,
        response: { 200: staffListSchema },
      },
    },
    async () => ({ items: (await listStaff(db)).map(presentStaff) }),
  );

  app.post(
    adminPaths.staffInvite.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Invite a staff member (owner): the account and a one-time link to set a password',
        description: `The link works once, for ${SET_PASSWORD_LINK_HOURS} hours, and is e-mailed in the language of the request. A taken e-mail: 409 STAFF_EMAIL_EXISTS.`,
        security: staffCookie,
        body: staffInviteSchema,
        response: { 201: staffMemberOkSchema },
      },
    },
    async (request, reply) => {
      const { email, name, role } = request.body;
      const lang = request.lang;
      const { row, link } = await db.transaction(async (tx) => {
        const row = await insertStaff(tx, { email, name, role, passwordHash: null, lang });
        const { token } = await insertStaffToken(tx, {
          staffId: row.id,
          purpose: 'set_password',
          minutes: SET_PASSWORD_LINK_HOURS * 60,
        });
        await recordAudit(tx, {
          by: auditActor(request),
          action: 'staff.invite',
          entityType: 'staff',
          entityId: row.id,
          before: null,
          after: presentStaff(row),
        });
        return { row, link: pageLink(request, adminPages.setPassword, lang, token) };
      });
      await mailer.send({ to: row.email, ...invitationMail[lang](row.name, link) });
      return reply.status(201).send({ ...okMessage('STAFF_INVITED', lang), staff: presentStaff(row) });
    },
  );

  /**
   * A change to another member made by an owner, under the row locks that keep at least one
   * active owner, audited in the same transaction.
   */
  async function changeMember(
    request: FastifyRequest,
    id: string,
    action: string,
    change: (target: StaffRow, otherActiveOwners: number) => Partial<StaffRow> | null,
    afterCommit?: (target: StaffRow) => Promise<void>,
  ) {
    const updated = await db.transaction(async (tx) => {
      const { target, otherActiveOwners } = await lockForOwnerChange(tx, id);
      if (!target) throw new AppError(404, 'STAFF_NOT_FOUND');
      const values = change(target, otherActiveOwners);
      if (!values) return target;
      const after = await updateStaff(tx, id, values);
      if (after.disabled || values.totpSecret === null) await deleteAllStaffSessions(tx, id);
      await recordAudit(tx, {
        by: auditActor(request),
        action,
        entityType: 'staff',
        entityId: id,
        before: presentStaff(target),
        after: presentStaff(after),
      });
      return after;
    });
    await afterCommit?.(updated);
    return { ...okMessage('SAVED', request.lang), staff: presentStaff(updated) };
  }

  const wouldLeaveNoOwner = (target: StaffRow, others: number) =>
    target.role === 'owner' && !target.disabled && others === 0;

  app.put(
    adminPaths.staffDisabled.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Disable or enable a staff member (owner); disabling ends their sessions',
        description: 'The last active owner cannot be disabled: 409 LAST_OWNER.',
        security: staffCookie,
        params: staffIdParams,
        body: staffDisabledSchema,
        response: { 200: staffMemberOkSchema },
      },
    },
    async (request) => {
      const { disabled } = request.body;
      return changeMember(
        request,
        request.params.id,
        disabled ? 'staff.disable' : 'staff.enable',
        (target, others) => {
          if (target.disabled === disabled) return null;
          if (disabled && wouldLeaveNoOwner(target, others)) throw conflict('LAST_OWNER');
          return { disabled };
        },
      );
    },
  );

  app.put(
    adminPaths.staffRole.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: "Change a staff member's role (owner)",
        description: 'The last active owner cannot become staff: 409 LAST_OWNER.',
        security: staffCookie,
        params: staffIdParams,
        body: staffRoleSchema,
        response: { 200: staffMemberOkSchema },
      },
    },
    async (request) => {
      const { role } = request.body;
      return changeMember(request, request.params.id, 'staff.change_role', (target, others) => {
        if (target.role === role) return null;
        if (role !== 'owner' && wouldLeaveNoOwner(target, others)) throw conflict('LAST_OWNER');
        return { role };
      });
    },
  );

  app.post(
    adminPaths.staffTotpReset.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: "Reset a member's two-step verification (owner), for a lost phone",
        description:
          'Turns it off and ends their sessions; they sign in with their password and, if the owner requires it, set it up again.',
        security: staffCookie,
        params: staffIdParams,
        response: { 200: staffMemberOkSchema },
      },
    },
    async (request) =>
      changeMember(request, request.params.id, 'staff.totp_reset', (target) =>
        target.totpSecret === null && target.totpPendingSecret === null
          ? null
          : { totpSecret: null, totpPendingSecret: null, totpLastStep: null },
      ),
  );

  app.post(
    adminPaths.staffPasswordLink.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Send a member a new one-time link to set their password (owner)',
        description:
          `For a forgotten password or an invitation that ran out: earlier links stop working; the link works once, for ${SET_PASSWORD_LINK_HOURS} hours, ` +
          "and is written in the member's language. Their password and sessions stay until the link is used.",
        security: staffCookie,
        params: staffIdParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { target, link } = await db.transaction(async (tx) => {
        const target = await findStaffById(tx, request.params.id);
        if (!target) throw new AppError(404, 'STAFF_NOT_FOUND');
        await retireStaffTokens(tx, target.id, 'set_password');
        const { token } = await insertStaffToken(tx, {
          staffId: target.id,
          purpose: 'set_password',
          minutes: SET_PASSWORD_LINK_HOURS * 60,
        });
        await recordAudit(tx, {
          by: auditActor(request),
          action: 'staff.password_link',
          entityType: 'staff',
          entityId: target.id,
          before: presentStaff(target),
          after: presentStaff(target),
        });
        return { target, link: pageLink(request, adminPages.setPassword, target.lang, token) };
      });
      await mailer.send({ to: target.email, ...passwordLinkMail[target.lang](target.name, link) });
      return okMessage('PASSWORD_LINK_SENT', request.lang);
    },
  );

  app.get(
    adminPaths.securitySettings.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Back-office security settings (owner)',
        security: staffCookie,
        response: { 200: securitySettingsSchema },
      },
    },
    async () => getSecuritySettings(db),
  );

  app.put(
    adminPaths.securitySettings.pattern,
    {
      config: { staffRole: 'owner' },
      schema: {
        tags: TAG,
        summary: 'Require two-step verification of every member (owner)',
        description:
          'While required, a member without it can only set it up (and sign out) after signing in, and nobody can turn theirs off. ' +
          'An owner without it turned on gets 409 TOTP_OWN_FIRST.',
        security: staffCookie,
        body: securitySettingsSchema,
        response: { 200: securitySettingsOkSchema },
      },
    },
    async (request) => {
      const after = request.body;
      // Otherwise the owner's own next request would meet the requirement they just set.
      if (after.totpRequired && requireStaff(request).member.totpSecret === null)
        throw conflict('TOTP_OWN_FIRST');
      await db.transaction(async (tx) => {
        const before = await getSecuritySettings(tx);
        if (before.totpRequired === after.totpRequired) return;
        await setSecuritySettings(tx, after);
        await recordAudit(tx, {
          by: auditActor(request),
          action: 'security_settings.update',
          entityType: 'security_settings',
          entityId: 'staff',
          before,
          after,
        });
      });
      return { ...okMessage('SAVED', request.lang), ...after };
    },
  );
};
