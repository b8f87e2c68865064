import { staffSignInSchema, staffSignInTotpSchema, type Lang } from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { formDone, readForm, submitAction, type Refusal } from '../../lib/form-action.server.ts';
import type { FormError } from '../../lib/form-errors.ts';
import { serverT } from '../../lib/i18n.server.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { dashboardNextTarget, NEXT_PARAM } from './paths.ts';
import type { SignInAnswer } from './sign-in.ts';

/** A refusal as the form shows it; too many attempts say how long to wait. */
async function refusal(error: FormError, lang: Lang, refused: Refusal): Promise<FormError> {
  if (refused.status !== 429) return error;
  const minutes = Math.max(1, Math.ceil((refused.retryAfter ?? 60) / 60));
  const t = await serverT(lang);
  return { message: t('dashboard:login.throttled', { count: minutes }), refused: true };
}

/**
 * The sign-in page's action. `intent=password`: e-mail and password; the shop answers signed
 * in (its cookie is passed on, then the page asked for in `next`) or that a code is needed,
 * whose challenge the page keeps in a hidden field for `intent=totp`. An ended challenge
 * starts again from the password.
 */
export async function signInAction(request: Request, context: AppLoadContext) {
  const lang = requestLang(request);
  const read = await readForm(request);
  const next = dashboardNextTarget(new URL(request.url).searchParams.get(NEXT_PARAM), lang);
  const account = context.backOffice(lang).account;

  if (read.values.intent === 'totp') {
    const challenge = read.values.challenge ?? '';
    let ended = false;
    const result = await submitAction(
      request,
      {
        schema: staffSignInTotpSchema,
        run: (input) => account.signInWithCode(input),
        failure: (error, _lang, refused) => {
          ended = refused.error.code === 'SIGN_IN_CHALLENGE_INVALID';
          return refusal(error, lang, refused);
        },
      },
      read,
    );
    if (!result.ok)
      return data<SignInAnswer>(
        ended ? { error: result.error } : { error: { ...result.error, field: 'code' }, challenge },
      );
    return formDone(request, { done: result.answer.message, redirectTo: next }, { headers: result.headers });
  }

  const result = await submitAction(
    request,
    {
      schema: staffSignInSchema,
      errorField: 'password',
      run: (input) => account.signIn(input),
      failure: (error, _lang, refused) => refusal(error, lang, refused),
    },
    read,
  );
  if (!result.ok) return data<SignInAnswer>({ error: result.error });
  if (result.answer.status === 'totp_required')
    return data<SignInAnswer>({ challenge: result.answer.challenge });
  return formDone(request, { done: result.answer.message, redirectTo: next }, { headers: result.headers });
}
