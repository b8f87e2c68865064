import { okMessage, type BackOfficeAccount, type StaffSignInAnswer } from '@shop/contract';
import { setPasswordFromLink } from '../../../use-cases/staff/members.ts';
import { signOut, signOutEverywhere } from '../../../use-cases/staff/session.ts';
import { signInWithCode, signInWithPassword } from '../../../use-cases/staff/sign-in.ts';
import { confirmTotp, startTotpEnrolment, turnOffTotp } from '../../../use-cases/staff/totp.ts';
import { staffSignedIn } from '../../../views/back-office/staff.ts';
import { BACK_OFFICE_COOKIE } from '../../cookies.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';
import { sessionAction } from '../session-actions.ts';

/**
 * Signing in and out of the back office, and My account: the same use cases as the API's
 * calls, their `staff_session` cookie set or cleared as the API's calls do. Signing in and
 * setting a password need no member; the rest is the member's own (allowed while two-step
 * verification is still to be set up, except turning it off).
 */
export function accountPages({ app, request, lang, admit, act }: BackOfficePageContext): BackOfficeAccount {
  const shop = app.shop;
  const idleMinutes = app.config.staff.idleMinutes;
  const from = { ip: request.ip, lang };
  const withCookie = <T>(change: Parameters<typeof sessionAction<T>>[3]) =>
    sessionAction(request, BACK_OFFICE_COOKIE, lang, change);
  const ownSetup = { duringTotpSetup: true };
  return {
    signIn: (input) =>
      withCookie<StaffSignInAnswer>(async () => {
        const outcome = await signInWithPassword(shop, input, from);
        if (outcome.status === 'totp_required')
          return {
            value: { ...outcome, expiresAt: outcome.expiresAt.toISOString() },
            session: undefined,
          };
        return { value: staffSignedIn(outcome.live, idleMinutes, lang), session: outcome };
      }),
    signInWithCode: (input) =>
      withCookie(async () => {
        const opened = await signInWithCode(shop, input, from);
        return { value: staffSignedIn(opened.live, idleMinutes, lang), session: opened };
      }),
    setPassword: (input) =>
      withCookie(async () => {
        await setPasswordFromLink(shop, input, request.ip);
        return { value: okMessage('PASSWORD_CHANGED', lang), session: null };
      }),
    signOut: () =>
      withCookie(async () => {
        await signOut(shop, await admit(ownSetup), request.ip);
        return { value: okMessage('LOGGED_OUT', lang), session: null };
      }),
    signOutEverywhere: () =>
      withCookie(async () => {
        await signOutEverywhere(shop, await admit(ownSetup), request.ip);
        return { value: okMessage('STAFF_SIGNED_OUT_EVERYWHERE', lang), session: null };
      }),
    startTotp: () => act(ownSetup, (_by, member) => startTotpEnrolment(shop, member)),
    confirmTotp: ({ code }) =>
      act(ownSetup, async (by, member) => {
        await confirmTotp(shop, member, code, by);
        return okMessage('TOTP_ENABLED', lang);
      }),
    turnOffTotp: (input) =>
      act({}, async (by, member) => {
        await turnOffTotp(shop, member, input, by);
        return okMessage('TOTP_DISABLED', lang);
      }),
  };
}
