import { unlink } from 'node:fs/promises';
import path from 'node:path';
import {
  apiPaths,
  changePasswordSchema,
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
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { storeImage } from '../../lib/images.ts';
import { createMailer, type Mailer } from '../../lib/mail.ts';
import { normalizeSaudiMobile } from '../../lib/phone.ts';
import {
  clearSessionCookie,
  createSession,
  endAllSessions,
  endSession,
  requireOwner,
  requireUser,
  sessionRequired,
  setSessionCookie,
} from '../../lib/session.ts';
import { reset as resetThrottle } from '../../lib/throttle.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from './form.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  createResetToken,
  findConflicts,
  findUserById,
  findUserByIdentifier,
  loginIdentifier,
  retireResetTokens,
  toUserAnswer,
  uniqueViolation,
  useResetToken,
  type UserRow,
} from './service.ts';
import {
  enforce,
  FORGOT_PER_ACCOUNT,
  FORGOT_PER_IP,
  loginAttempt,
  PASSWORD_CHECK_PER_ACCOUNT,
  registerPerIp,
  RESET_PER_IP,
  within,
} from './throttle-rules.ts';

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

function resetLink(request: FastifyRequest, token: string, lang: Lang): string {
  const config = request.server.config;
  // Never built from the Host header: a forged Host would send the token to someone else.
  const base = config.publicUrl ?? `http://localhost:${config.port}`;
  return `${base}${lang === 'en' ? '/en' : ''}/reset-password?token=${encodeURIComponent(token)}`;
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

export interface UsersRoutesOptions {
  /** Defaults to SMTP_URL, or the outbox folder without it. */
  mailer?: Mailer;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const mailer = options.mailer ?? createMailer(app.config, app.log);
  const db = app.db;

  // Registration is multipart (spec §7): its body is read and checked in the handler.
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
            'Rules in the order of spec §5: name, phone (a Saudi mobile), e-mail, password (8–128). ' +
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
          [row] = (await db
            .insert(users)
            .values({ ...values, passwordHash })
            .returning()) as [UserRow];
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
      // Only someone who knows the password learns that the account was deactivated.
      if (!row.active) throw new AppError(401, 'ACCOUNT_DISABLED');
      await attempt.succeeded();
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
        const mail = resetMail[request.lang](resetLink(request, token, request.lang));
        // Sent in the background: waiting for SMTP would tell who has an account by the delay.
        mailer
          .send({ to: row.email, ...mail })
          .catch((error: unknown) => request.log.error({ err: error }, 'password reset mail failed'));
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
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
        .where(eq(users.id, row.id));
      await Promise.all([
        endAllSessions(db, row.id),
        retireResetTokens(db, row.id),
        resetThrottle(db, `login:account:${row.id}`),
      ]);
      clearSessionCookie(reply, request);
      return okMessage('PASSWORD_CHANGED', request.lang);
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

    // The profile update is multipart (spec §7): its body is read and checked in the handler.
    await signedIn.register(async (instance) => {
      const forms = instance.withTypeProvider<ZodTypeProvider>();
      bodySchemaDocumentsOnly(forms);
      const updateOptions = {
        schema: {
          tags: TAG,
          summary: 'Update the profile (multipart; `userImage` is the file)',
          description:
            'Owner only. Fields left out stay as they are. The image is checked by its bytes (JPEG, PNG, WebP), ' +
            'at most 2 MB, re-encoded to WebP.',
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
        const form = await readForm(request, 'userImage');
        const input = parseBody(updateUserSchema, form.fields);
        const values = {
          ...(input.UserName !== undefined && { name: input.UserName }),
          ...(input.UserEmail !== undefined && { email: input.UserEmail }),
          ...(input.UserPhone !== undefined && { phone: phoneOrFail(input.UserPhone, 'UserPhone') }),
        };
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
          [row] = await db
            .update(users)
            .set({ ...values, ...(image && { image }), updatedAt: new Date() })
            .where(and(eq(users.id, current.id), eq(users.active, true)))
            .returning();
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
        return { ...okMessage('EDITED', request.lang), ...toUserAnswer(row) };
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
        await db
          .update(users)
          .set({ passwordHash: await hashPassword(request.body.password), updatedAt: new Date() })
          .where(eq(users.id, row.id));
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
        await db.update(users).set({ active: false, updatedAt: new Date() }).where(eq(users.id, row.id));
        await endAllSessions(db, row.id);
        clearSessionCookie(reply, request);
        request.log.info({ userId: row.id }, 'account deactivated');
        return okMessage('ACCOUNT_DELETED', request.lang);
      },
    );
  });
};
