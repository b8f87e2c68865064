import { okMessage, type Lang, type StoreAccount } from '@shop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../../lib/errors.ts';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
} from '../../../use-cases/accounts/passwords.ts';
import {
  confirmEmailChange,
  deactivateOwnAccount,
  saveProfile,
} from '../../../use-cases/accounts/profile.ts';
import { registerAccount } from '../../../use-cases/accounts/register.ts';
import { logIn, logOut } from '../../../use-cases/accounts/sign-in.ts';
import { accountAnswer, profileSavedAnswer } from '../../../views/accounts/answers.ts';
import { SHOPPER_COOKIE } from '../../cookies.ts';
import { found } from '../../openapi.ts';
import { profileChange } from '../../profile-image.ts';
import { postedImage } from '../../uploads.ts';
import { pageAction } from '../page-calls.ts';
import { sessionAction } from '../session-actions.ts';

/**
 * The shopper's account forms: the same use cases as the API's account calls (and so the same
 * throttles, mails and answers), for the shopper of the page request. A change that ends every
 * session of the account clears the cookie, as the API's call does.
 */
export function accountPages(app: FastifyInstance, request: FastifyRequest, lang: Lang): StoreAccount {
  const shop = app.shop;
  const from = { ip: request.ip, lang };
  /** The signed-in shopper's id; a visitor is refused 401, as the API refuses a call without a session. */
  const shopperId = () => {
    if (!request.user) throw unauthorized();
    return request.user.id;
  };
  /** A change after which the account has no session left: the cookie goes too. */
  const signedOut = <T>(change: () => Promise<T>) =>
    sessionAction(request, SHOPPER_COOKIE, lang, async () => ({ value: await change(), session: null }));

  return {
    logIn: (input) =>
      sessionAction(request, SHOPPER_COOKIE, lang, async () => {
        const { user, session } = await logIn(shop, input, from);
        return { value: accountAnswer('LOGIN_SUCCEEDED', user, lang), session };
      }),
    register: (input) =>
      pageAction(lang, async () =>
        accountAnswer('ACCOUNT_REGISTERED', await registerAccount(shop, from, () => input), lang),
      ),
    logOut: () =>
      signedOut(async () => {
        await logOut(shop, request.sessionId);
        return okMessage('LOGGED_OUT', lang);
      }),
    requestPasswordReset: ({ userEmail }) =>
      pageAction(lang, async () => {
        await requestPasswordReset(shop, userEmail, from);
        return okMessage('RESET_REQUESTED', lang);
      }),
    resetPassword: (input) =>
      signedOut(async () => {
        await resetPassword(shop, input, request.ip);
        return okMessage('PASSWORD_CHANGED', lang);
      }),
    confirmEmail: (input) =>
      pageAction(lang, async () => {
        await confirmEmailChange(shop, input, request.ip);
        return okMessage('EMAIL_CHANGED', lang);
      }),
    updateProfile: (input, file) =>
      pageAction(lang, async () => {
        const image = await postedImage(file);
        const saved = await saveProfile(shop, shopperId(), lang, () =>
          profileChange(app.config, input, image),
        );
        return profileSavedAnswer(found(saved, 'USER_NOT_FOUND'), lang);
      }),
    changePassword: (input) =>
      signedOut(async () => {
        found(await changePassword(shop, shopperId(), input), 'USER_NOT_FOUND');
        return okMessage('PASSWORD_CHANGED', lang);
      }),
    deactivateAccount: ({ password }) =>
      signedOut(async () => {
        found(await deactivateOwnAccount(shop, shopperId(), password), 'USER_NOT_FOUND');
        return okMessage('ACCOUNT_DELETED', lang);
      }),
  };
}
