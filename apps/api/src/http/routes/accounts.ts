import {
  apiPaths,
  changePasswordSchema,
  confirmEmailSchema,
  deactivateSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  okMessage,
  okSchema,
  registerSchema,
  resetPasswordSchema,
  updateUserSchema,
  userOkSchema,
  userSchema,
  uuidParam,
} from '@shop/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changePassword, requestPasswordReset, resetPassword } from '../../use-cases/accounts/passwords.ts';
import { confirmEmailChange, deactivateOwnAccount, saveProfile } from '../../use-cases/accounts/profile.ts';
import { registerAccount } from '../../use-cases/accounts/register.ts';
import { logIn, logOut } from '../../use-cases/accounts/sign-in.ts';
import { accountAnswer, profileSavedAnswer } from '../../views/accounts/answers.ts';
import { activeShopper } from '../../views/store/shopper.ts';
import { setSessionCookie, SHOPPER_COOKIE } from '../cookies.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from '../form.ts';
import { found, SHOPPER_SESSION } from '../openapi.ts';
import { profileChange } from '../profile-image.ts';
import { requireOwner, requireUser, sessionRequired } from '../shopper-session.ts';

const TAG = ['Accounts'];
const idParams = z.object({ id: uuidParam });

/** A shopper's account: registering, signing in and out, passwords, e-mail, the profile (decision 023). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;
  const from = (request: FastifyRequest) => ({ ip: request.ip, lang: request.lang });

  // Registration is multipart, as the original API's clients send it (docs/requirements/api.md):
  // its body is read and checked after the registration throttle counted it.
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
        const row = await registerAccount(shop, from(request), async () =>
          parseBody(registerSchema, (await readForm(request)).fields),
        );
        return accountAnswer('ACCOUNT_REGISTERED', row, request.lang);
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
      const { user, session } = await logIn(shop, request.body, from(request));
      setSessionCookie(reply, request, SHOPPER_COOKIE, session);
      return {
        ...accountAnswer('LOGIN_SUCCEEDED', user, request.lang),
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
        security: SHOPPER_SESSION,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await logOut(shop, request.sessionId);
      setSessionCookie(reply, request, SHOPPER_COOKIE, null);
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
      await requestPasswordReset(shop, request.body.userEmail, from(request));
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
      await resetPassword(shop, request.body, request.ip);
      setSessionCookie(reply, request, SHOPPER_COOKIE, null);
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
      await confirmEmailChange(shop, request.body, request.ip);
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
          security: SHOPPER_SESSION,
          response: { 200: userSchema },
        },
      },
      async (request) => found(await activeShopper(app.db, requireUser(request).id), 'USER_NOT_FOUND'),
    );

    signedIn.get(
      apiPaths.userById.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'A user by id (the owner only)',
          security: SHOPPER_SESSION,
          params: idParams,
          response: { 200: userSchema },
        },
      },
      async (request) => {
        const user = requireOwner(request, request.params.id);
        return found(await activeShopper(app.db, user.id), 'USER_NOT_FOUND');
      },
    );

    // The profile update is multipart, as the original API's clients send it
    // (docs/requirements/api.md): its body is read after the account's throttle counted it.
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
          security: SHOPPER_SESSION,
          consumes: ['multipart/form-data', 'application/json'],
          params: idParams,
          body: updateUserSchema,
          response: { 200: userOkSchema },
        },
      };
      const updateHandler = async (request: FastifyRequest<{ Params: { id: string } }>) => {
        const user = requireOwner(request, request.params.id);
        const saved = await saveProfile(shop, user.id, request.lang, async () => {
          const form = await readForm(request, 'userImage');
          return profileChange(app.config, parseBody(updateUserSchema, form.fields), form.file);
        });
        return profileSavedAnswer(found(saved, 'USER_NOT_FOUND'), request.lang);
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
          security: SHOPPER_SESSION,
          params: idParams,
          body: changePasswordSchema,
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        const user = requireOwner(request, request.params.id);
        found(await changePassword(shop, user.id, request.body), 'USER_NOT_FOUND');
        setSessionCookie(reply, request, SHOPPER_COOKIE, null);
        return okMessage('PASSWORD_CHANGED', request.lang);
      },
    );

    signedIn.put(
      apiPaths.deactivateUser.pattern,
      {
        schema: {
          tags: TAG,
          summary: 'Deactivate the account (soft delete; orders are kept); ends every session',
          security: SHOPPER_SESSION,
          params: idParams,
          body: deactivateSchema,
          response: { 200: okSchema },
        },
      },
      async (request, reply) => {
        const user = requireOwner(request, request.params.id);
        found(await deactivateOwnAccount(shop, user.id, request.body.password), 'USER_NOT_FOUND');
        setSessionCookie(reply, request, SHOPPER_COOKIE, null);
        return okMessage('ACCOUNT_DELETED', request.lang);
      },
    );
  });
};
