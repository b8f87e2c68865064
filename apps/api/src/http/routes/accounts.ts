import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  apiPaths,
  changePasswordSchema,
  confirmEmailSchema,
  deactivateSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  okSchema,
  registerSchema,
  resetPasswordSchema,
  okMessage,
  updateUserSchema,
  userOkSchema,
  userSchema,
  uuidParam,
  type Lang,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import type { MailMessage, Mailer } from '../../lib/mail.ts';
import { normalizeSaudiMobile } from '../../lib/phone.ts';
import { shopOrigin } from '../../lib/public-origin.ts';
import { createSession, endAllSessions, endSession } from '../../modules/users/sessions.ts';
import {
  clearSessionCookie,
  requireOwner,
  requireUser,
  sessionRequired,
  setSessionCookie,
} from '../shopper-session.ts';
import { reset as resetThrottle } from '../../modules/throttle/service.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from '../form.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import {
  createEmailChange,
  createResetToken,
  deactivateAccount,
  EMAIL_CHANGE_TTL_HOURS,
  emailHeldByOther,
  findConflicts,
  findUserById,
  findUserByIdentifier,
  insertAccount,
  isSuspended,
  rememberLang,
  loginIdentifier,
  retireEmailChanges,
  retireResetTokens,
  setPasswordHash,
  toUserAnswer,
  uniqueViolation,
  updateProfile,
  useEmailChange,
  useResetToken,
  type UserRow,
} from '../../modules/users/service.ts';
import {
  enforce,
  FORGOT_PER_ACCOUNT,
  FORGOT_PER_IP,
  loginAttempt,
  PASSWORD_CHECK_PER_ACCOUNT,
  profileChangesPerAccount,
  registerPerIp,
  RESET_PER_IP,
  within,
} from '../../modules/throttle/rules.ts';

const TAG = ['Accounts'];
const cookieOrBearer: Record<string, string[]>[] = [{ session: [] }, { bearer: [] }];
const idParams = z.object({ id: uuidParam });
/** Longest side of a stored profile image. */
const PROFILE_IMAGE_SIZE = 512;

/** 409 naming the first taken field (name, phone, e-mail order), listing all of them. */
function conflictError(conflicts: { path: string; code: AppError['code'] }[]): AppError {
  return new AppError(409, conflicts[0]!.code, conflicts);
}

function phoneOrFail(value: string, field: string): string {
  const phone = normalizeSaudiMobile(value);
  if (!phone) throw badRequest('PHONE_INVALID', field);
  return phone;
}

async function activeUser(request: FastifyRequest, id: string): Promise<UserRow> {
  const row = await findUserById(request.server.db, id);
  // A session of a deactivated user is already gone; this is a race at most.
  if (!row || !row.active) throw new AppError(404, 'USER_NOT_FOUND');
  return row;
}

/** Checks the signed-in shopper's password (change, deactivation), throttled per account. */
async function checkOwnPassword(request: FastifyRequest, row: UserRow, password: string, field: string) {
  const key = `password-check:${row.id}`;
  await enforce(request.server.db, key, PASSWORD_CHECK_PER_ACCOUNT);
  if (!(await verifyPassword(row.passwordHash, password))) throw badRequest('PASSWORD_INCORRECT', field);
  await resetThrottle(request.server.db, key);
}

/** A link to a page of the shop carrying a token; never built from the Host header (shopOrigin). */
function tokenLink(request: FastifyRequest, page: string, token: string, lang: Lang): string {
  return `${shopOrigin(request.server)}${lang === 'en' ? '/en' : ''}${page}?token=${encodeURIComponent(token)}`;
}

/** `s***@example.com`: enough for the owner to recognise, not a copy for whoever reads the mail. */
function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return `${email.slice(0, Math.min(1, at))}***${email.slice(at)}`;
}

const resetMail = {
  ar: (link: string) => ({
    subject: 'إعادة تعيين كلمة المرور',
    text: `لإعادة تعيين كلمة المرور افتح الرابط التالي خلال ساعة واحدة:\n${link}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
  }),
  en: (link: string) => ({
    subject: 'Reset your password',
    text: `To reset your password, open this link within one hour:\n${link}\n\nIf you did not ask for this, ignore this message.`,
  }),
};

const confirmEmailMail = {
  ar: (link: string) => ({
    subject: 'تأكيد البريد الإلكتروني الجديد',
    text: `طُلب استخدام هذا البريد الإلكتروني لحسابك في المتجر. لتأكيده افتح الرابط التالي خلال ${EMAIL_CHANGE_TTL_HOURS} ساعة:\n${link}\n\nإذا لم تطلب ذلك فتجاهل هذه الرسالة.`,
  }),
  en: (link: string) => ({
    subject: 'Confirm your new e-mail address',
    text: `This address was given for your account at the shop. To confirm it, open this link within ${EMAIL_CHANGE_TTL_HOURS} hours:\n${link}\n\nIf you did not ask for this, ignore this message.`,
  }),
};

const emailChangeNotice = {
  ar: (masked: string) => ({
    subject: 'طلب تغيير البريد الإلكتروني لحسابك',
    text: `طُلب تغيير البريد الإلكتروني لحسابك إلى ${masked}. لن يتغير إلا بعد فتح رابط التأكيد المرسل إلى العنوان الجديد.\n\nإذا لم تطلب ذلك فغيّر كلمة المرور الآن.`,
  }),
  en: (masked: string) => ({
    subject: 'A change of your e-mail address was requested',
    text: `Someone asked to change your account's e-mail to ${masked}. It changes only once the link sent to the new address is opened.\n\nIf this was not you, change your password now.`,
  }),
};

export interface UsersRoutesOptions {
  /** Defaults to the shop's mailer (`app.mailer`: SMTP_URL, or the outbox folder without it). */
  mailer?: Mailer;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const mailer = options.mailer ?? app.mailer;
  const db = app.db;
  // Mail goes out in the background: waiting for SMTP would tell who has an account by the delay.
  const sendInBackground = (request: FastifyRequest, message: MailMessage, failure: string) => {
    mailer.send(message).catch((error: unknown) => request.log.error({ err: error }, failure));
  };

  // Registration is multipart, as the original API's clients send it (docs/requirements/api.md):
  // its body is read and checked in the handler.
  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(forms);
    forms.post(
      apiPaths.register.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Register an account (multipart or JSON)',
          description:
            'Checked in this order: name, phone (a Saudi mobile), e-mail, password (8–128). ' +
            'A taken name, phone or e-mail answers 409 NAME_EXISTS, PHONE_EXISTS or EMAIL_EXISTS. Does not log in.',
          consumes: ['multipart/form-data', 'application/json'],
          body: registerSchema,
          response: { 200: userOkSchema },
        },
      },
      async (request) => {
        await enforce(db, `register:ip:${request.ip}`, registerPerIp(app.config.registerLimitPerHour));
        const form = await readForm(request);
        const input = parseBody(registerSchema, form.fields);
        const phone = phoneOrFail(input.UserPhone, 'UserPhone');
        const values = { name: input.UserName, email: input.UserEmail, phone };
        const conflicts = await findConflicts(db, values);
        if (conflicts.length > 0) throw conflictError(conflicts);
        const passwordHash = await hashPassword(input.UserPassword);
        let row: UserRow;
        try {
          row = await insertAccount(db, { ...values, passwordHash, lang: request.lang });
        } catch (error) {
          const taken = uniqueViolation(error);
          if (taken) throw conflictError([taken]);
          throw error;
        }
        request.log.info({ userId: row.id }, 'account registered');
        return { ...okMessage('ACCOUNT_REGISTERED', request.lang), ...toUserAnswer(row) };
      },
    );
  });

  app.post(
    apiPaths.login.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Log in with an e-mail or a mobile number',
        description:
          'Sets the httpOnly `session` cookie and answers the user record with `token` for Bearer clients. ' +
          'Wrong e-mail, phone or password: 401 LOGIN_FAILED. Throttled per account and IP: 429 with Retry-After.',
        body: loginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { userEmail, userPassword } = request.body;
      const identifier = loginIdentifier(userEmail);
      const row = identifier ? await findUserByIdentifier(db, identifier) : undefined;
      // Unknown accounts are counted by the normalized identifier, so 05… and +9665… are one.
      const unknownKey = identifier
        ? 'email' in identifier
          ? identifier.email
          : identifier.phone
        : userEmail;
      const attempt = await loginAttempt(request, row?.id ?? `unknown:${unknownKey}`);
      const valid = await verifyPassword(row?.passwordHash, userPassword);
      if (!row || !valid) throw new AppError(401, 'LOGIN_FAILED');
      // Only someone who knows the password learns that the account was deactivated; when the
      // shop did it, they are told so, since only the shop can undo it.
      if (!row.active)
        throw new AppError(401, (await isSuspended(db, row.id)) ? 'ACCOUNT_SUSPENDED' : 'ACCOUNT_DISABLED');
      await attempt.succeeded();
      await rememberLang(db, row.id, request.lang);
      const session = await createSession(db, row.id, app.config.sessionTtlDays);
      setSessionCookie(reply, request, session.token, session.expiresAt);
      return {
        ...okMessage('LOGIN_SUCCEEDED', request.lang),
        ...toUserAnswer(row),
        token: session.token,
        expiresAt: session.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    apiPaths.logout.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Log out: ends this session and clears the cookie',
        security: cookieOrBearer,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionId !== null) await endSession(db, request.sessionId);
      clearSessionCookie(reply, request);
      return okMessage('LOGGED_OUT', request.lang);
    },
  );

  app.post(
    apiPaths.forgotPassword.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Ask for a password reset link by e-mail or mobile number',
        description:
          'Always answers RESET_REQUESTED, whether or not the account exists. The link is valid for one hour, once.',
        body: forgotPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await enforce(db, `forgot:ip:${request.ip}`, FORGOT_PER_IP);
      const identifier = loginIdentifier(request.body.userEmail);
      const row = identifier ? await findUserByIdentifier(db, identifier) : undefined;
      if (row?.active && (await within(db, `forgot:account:${row.id}`, FORGOT_PER_ACCOUNT))) {
        const token = await createResetToken(db, row.id);
        const mail = resetMail[request.lang](tokenLink(request, '/reset-password', token, request.lang));
        sendInBackground(request, { to: row.email, ...mail }, 'password reset mail failed');
      }
      return okMessage('RESET_REQUESTED', request.lang);
    },
  );

  app.post(
    apiPaths.resetPassword.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Set a new password with a reset token; ends every session of the account',
        body: resetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await enforce(db, `reset:ip:${request.ip}`, RESET_PER_IP);
      const { token, password } = request.body;
      const userId = await useResetToken(db, token);
      const row = userId ? await findUserById(db, userId) : undefined;
      if (!row || !row.active) throw badRequest('RESET_TOKEN_INVALID', 'token');
      await setPasswordHash(db, row.id, await hashPassword(password));
      await Promise.all([
        endAllSessions(db, row.id),
        retireResetTokens(db, row.id),
        resetThrottle(db, `login:account:${row.id}`),
      ]);
      clearSessionCookie(reply, request);
      return okMessage('PASSWORD_CHANGED', request.lang);
    },
  );

  app.post(
    apiPaths.confirmEmail.pattern,
    {
      schema: {
        tags: TAG,
        summary: 'Confirm a new e-mail address with the token of the link sent to it',
        description:
          'The link works once, within 24 hours, signed in or not. Invalid or expired: 400 ' +
          'EMAIL_CHANGE_TOKEN_INVALID; the address taken by another account meanwhile: 409 EMAIL_EXISTS.',
        body: confirmEmailSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await enforce(db, `confirm-email:ip:${request.ip}`, RESET_PER_IP);
      const change = await useEmailChange(db, request.body.token);
      const row = change ? await findUserById(db, change.userId) : undefined;
      if (!change || !row?.active) throw badRequest('EMAIL_CHANGE_TOKEN_INVALID', 'token');
      try {
        await updateProfile(db, row.id, { email: change.newEmail });
      } catch (error) {
        const taken = uniqueViolation(error);
        if (taken) throw conflictError([taken]);
        throw error;
      }
      await retireEmailChanges(db, row.id);
      request.log.info({ userId: row.id }, 'e-mail changed');
      return okMessage('EMAIL_CHANGED', request.lang);
    },
  );

  // Everything below needs a session: 401 before the body is even read.
  await app.register(async (instance) => {
    const signedIn = instance.withTypeProvider<ZodTypeProvider>();
    signedIn.addHook('onRequest', sessionRequired);

    signedIn.get(
      apiPaths.currentUser.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'The signed-in user',
          security: cookieOrBearer,
          response: { 200: userSchema },
        },
      },
      async (request) => toUserAnswer(await activeUser(request, requireUser(request).id)),
    );

    signedIn.get(
      apiPaths.userById.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'A user by id (the owner only)',
          security: cookieOrBearer,
          params: idParams,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        requireOwner(request, request.params.id);
        return toUserAnswer(await activeUser(request, request.params.id));
      },
    );

    // The profile update is multipart, as the original API's clients send it
    // (docs/requirements/api.md): its body is read and checked in the handler.
    await signedIn.register(async (instance) => {
      const forms = instance.withTypeProvider<ZodTypeProvider>();
      bodySchemaDocumentsOnly(forms);
      const updateOptions = {
        schema: {
          tags: TAG,
          summary: 'Update the profile (multipart; `userImage` is the file)',
          description:
            'Owner only. Fields left out stay as they are. The image is checked by its bytes (JPEG, PNG, WebP), ' +
            'at most 2 MB, re-encoded to WebP. A new phone or e-mail needs `currentPassword` (400 ' +
            'CURRENT_PASSWORD_REQUIRED, PASSWORD_INCORRECT). A new e-mail is not changed here: a link is sent to ' +
            'it (answer EMAIL_CHANGE_REQUESTED, whether or not the address is free) and the old address is told. ' +
            'PROFILE_CHANGES_PER_HOUR (default 10) updates per account an hour: 429 beyond.',
          security: cookieOrBearer,
          consumes: ['multipart/form-data', 'application/json'],
          params: idParams,
          body: updateUserSchema,
          response: { 200: userOkSchema },
        },
      };
      const updateHandler = async (request: FastifyRequest<{ Params: { id: string } }>) => {
        requireOwner(request, request.params.id);
        const current = await activeUser(request, request.params.id);
        // Per account, whoever holds the session: a stolen one cannot probe or churn at will.
        await enforce(
          db,
          `profile:account:${current.id}`,
          profileChangesPerAccount(app.config.profileChangesPerHour),
        );
        const form = await readForm(request, 'userImage');
        const input = parseBody(updateUserSchema, form.fields);
        const phone = input.UserPhone === undefined ? undefined : phoneOrFail(input.UserPhone, 'UserPhone');
        const newPhone = phone !== undefined && phone !== current.phone ? phone : undefined;
        const newEmail =
          input.UserEmail !== undefined && input.UserEmail !== current.email ? input.UserEmail : undefined;
        // The phone and e-mail are how an account is logged into and recovered: a session alone
        // (a shared computer, a stolen cookie) must not be enough to change them.
        if (newPhone !== undefined || newEmail !== undefined) {
          if (!input.currentPassword) throw badRequest('CURRENT_PASSWORD_REQUIRED', 'currentPassword');
          await checkOwnPassword(request, current, input.currentPassword, 'currentPassword');
        }
        const values = {
          ...(input.UserName !== undefined && { name: input.UserName }),
          ...(newPhone !== undefined && { phone: newPhone }),
        };
        // A taken name or phone is refused as registration refuses it; a taken e-mail is not
        // told here (see below).
        const conflicts = await findConflicts(db, values, current.id);
        if (conflicts.length > 0) throw conflictError(conflicts);
        const image = form.file
          ? await storeImage(app.config.uploadsDir, form.file, {
              folder: 'users',
              maxSize: PROFILE_IMAGE_SIZE,
            })
          : undefined;
        let row: UserRow | undefined;
        try {
          row = await updateProfile(db, current.id, { ...values, ...(image && { image }) });
        } catch (error) {
          const taken = uniqueViolation(error);
          if (taken) throw conflictError([taken]);
          throw error;
        }
        if (!row) throw new AppError(409, 'UPDATE_FAILED');
        if (image && current.image?.startsWith('/uploads/users/')) {
          // The old picture is nobody's any more; a failure to delete it only wastes a file.
          const old = path.join(app.config.uploadsDir, 'users', path.basename(current.image));
          await unlink(old).catch(() => undefined);
        }
        if (newEmail === undefined) return { ...okMessage('EDITED', request.lang), ...toUserAnswer(row) };
        // The same answer whether or not another account holds the address: only its
        // mailbox's owner learns that, from the link that never comes or from logging in.
        if (!(await emailHeldByOther(db, newEmail, current.id))) {
          const token = await createEmailChange(db, current.id, newEmail);
          const mail = confirmEmailMail[request.lang](
            tokenLink(request, '/confirm-email', token, request.lang),
          );
          sendInBackground(request, { to: newEmail, ...mail }, 'e-mail confirmation mail failed');
        }
        sendInBackground(
          request,
          { to: current.email, ...emailChangeNotice[request.lang](maskEmail(newEmail)) },
          'e-mail change notice failed',
        );
        request.log.info({ userId: current.id }, 'e-mail change requested');
        return { ...okMessage('EMAIL_CHANGE_REQUESTED', request.lang), ...toUserAnswer(row) };
      };
      forms.put(apiPaths.updateUser.pattern, updateOptions, updateHandler);
      forms.put(
        apiPaths.updateUserV1.pattern,
        { ...updateOptions, schema: { ...updateOptions.schema, summary: 'Update the profile (alias)' } },
        updateHandler,
      );
    });

    signedIn.put(
      apiPaths.changePassword.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Change the password; ends every session of the account',
          description: 'Wrong old password: 400 PASSWORD_INCORRECT. The shopper logs in again afterwards.',
          security: cookieOrBearer,
          params: idParams,
          body: changePasswordSchema,
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        requireOwner(request, request.params.id);
        const row = await activeUser(request, request.params.id);
        await checkOwnPassword(request, row, request.body.oldPassword, 'oldPassword');
        await setPasswordHash(db, row.id, await hashPassword(request.body.password));
        await endAllSessions(db, row.id);
        clearSessionCookie(reply, request);
        request.log.info({ userId: row.id }, 'password changed');
        return okMessage('PASSWORD_CHANGED', request.lang);
      },
    );

    signedIn.put(
      apiPaths.deactivateUser.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Deactivate the account (soft delete; orders are kept); ends every session',
          security: cookieOrBearer,
          params: idParams,
          body: deactivateSchema,
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        requireOwner(request, request.params.id);
        const row = await activeUser(request, request.params.id);
        await checkOwnPassword(request, row, request.body.password, 'password');
        await deactivateAccount(db, row.id);
        await endAllSessions(db, row.id);
        clearSessionCookie(reply, request);
        request.log.info({ userId: row.id }, 'account deactivated');
        return okMessage('ACCOUNT_DELETED', request.lang);
      },
    );
  });
};
