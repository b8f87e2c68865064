import {
  adminPaths,
  okMessage,
  okSchema,
  staffMeSchema,
  staffSetPasswordSchema,
  staffSignedInSchema,
  staffSignInAnswerSchema,
  staffSignInSchema,
  staffSignInTotpSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpEnrolAnswerSchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { setPasswordFromLink } from '../../use-cases/staff/members.ts';
import { signOut, signOutEverywhere } from '../../use-cases/staff/session.ts';
import { signInWithCode, signInWithPassword } from '../../use-cases/staff/sign-in.ts';
import { confirmTotp, startTotpEnrolment, turnOffTotp } from '../../use-cases/staff/totp.ts';
import { staffMe, staffSignedIn } from '../../views/back-office/staff.ts';
import { BACK_OFFICE_COOKIE, setSessionCookie } from '../cookies.ts';
import { ADMIN_TAG, STAFF_COOKIE } from '../openapi.ts';
import { auditActor, requireStaff } from '../staff-guard.ts';

/** Signing in to the back office and out, and the member's own account (decisions 101, 102). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;
  const idleMinutes = app.config.staff.idleMinutes;

  // ---- signing in and out ----

  app.post(
    adminPaths.signIn.pattern,
    {
      config: { staffPublic: true },
      schema: {
        tags: ADMIN_TAG,
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
      const outcome = await signInWithPassword(shop, request.body, { ip: request.ip, lang: request.lang });
      if (outcome.status === 'totp_required')
        return { ...outcome, expiresAt: outcome.expiresAt.toISOString() };
      setSessionCookie(reply, request, BACK_OFFICE_COOKIE, outcome);
      return staffSignedIn(outcome.live, idleMinutes, request.lang);
    },
  );

  app.post(
    adminPaths.signInTotp.pattern,
    {
      config: { staffPublic: true },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Second step of sign-in: the TOTP code',
        description:
          'The challenge works once and for five minutes. A wrong or reused code: 401 TOTP_CODE_INVALID; an unknown ' +
          'or used challenge: 400 SIGN_IN_CHALLENGE_INVALID. Five wrong codes in 15 minutes: 429.',
        body: staffSignInTotpSchema,
        response: { 200: staffSignedInSchema },
      },
    },
    async (request, reply) => {
      const opened = await signInWithCode(shop, request.body, { ip: request.ip, lang: request.lang });
      setSessionCookie(reply, request, BACK_OFFICE_COOKIE, opened);
      return staffSignedIn(opened.live, idleMinutes, request.lang);
    },
  );

  app.post(
    adminPaths.setPassword.pattern,
    {
      config: { staffPublic: true },
      schema: {
        tags: ADMIN_TAG,
        summary: "Set a password from an invitation's or an owner's one-time link",
        description:
          'Ends every session of the member. Signs nobody in. An unknown, used or expired link: 400 SET_PASSWORD_TOKEN_INVALID.',
        body: staffSetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await setPasswordFromLink(shop, request.body, request.ip);
      setSessionCookie(reply, request, BACK_OFFICE_COOKIE, null);
      return okMessage('PASSWORD_CHANGED', request.lang);
    },
  );

  app.post(
    adminPaths.signOut.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Sign out: ends this session and clears the cookie',
        security: STAFF_COOKIE,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await signOut(shop, requireStaff(request), request.ip);
      setSessionCookie(reply, request, BACK_OFFICE_COOKIE, null);
      return okMessage('LOGGED_OUT', request.lang);
    },
  );

  app.post(
    adminPaths.signOutEverywhere.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Sign out everywhere: ends every session of the member, this one too',
        security: STAFF_COOKIE,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      await signOutEverywhere(shop, requireStaff(request), request.ip);
      setSessionCookie(reply, request, BACK_OFFICE_COOKIE, null);
      return okMessage('STAFF_SIGNED_OUT_EVERYWHERE', request.lang);
    },
  );

  app.get(
    adminPaths.me.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: ADMIN_TAG,
        summary: 'The signed-in member, their session and what the owner requires of them',
        security: STAFF_COOKIE,
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
        tags: ADMIN_TAG,
        summary: 'Start turning on two-step verification: a new secret and its QR code',
        description:
          'Nothing changes until `totp/confirm` receives a code from the app; starting again replaces the secret. ' +
          'With two-step verification already on: 409 TOTP_ALREADY_ON.',
        security: STAFF_COOKIE,
        response: { 200: totpEnrolAnswerSchema },
      },
    },
    async (request) => startTotpEnrolment(shop, requireStaff(request)),
  );

  app.post(
    adminPaths.totpConfirm.pattern,
    {
      config: { staffDuringTotpSetup: true },
      schema: {
        tags: ADMIN_TAG,
        summary: 'Turn two-step verification on with a code from the app',
        security: STAFF_COOKIE,
        body: totpConfirmSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await confirmTotp(shop, requireStaff(request), request.body.code, auditActor(request));
      return okMessage('TOTP_ENABLED', request.lang);
    },
  );

  app.post(
    adminPaths.totpDisable.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'Turn two-step verification off (password and a current code)',
        description: 'Refused with 403 TOTP_REQUIRED_BY_OWNER while the owner requires it for everyone.',
        security: STAFF_COOKIE,
        body: totpDisableSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await turnOffTotp(shop, requireStaff(request), request.body, auditActor(request));
      return okMessage('TOTP_DISABLED', request.lang);
    },
  );
};
