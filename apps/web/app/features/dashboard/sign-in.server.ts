import {
  adminPaths,
  staffSignedInSchema,
  staffSignInAnswerSchema,
  staffSignInSchema,
  staffSignInTotpSchema,
  type Lang,
} from '@shop/contract';
import { data, type AppLoadContext } from 'react-router';
import { ApiRequestError, readAnswer, serverApi } from '../../lib/api.ts';
import { formDone, readForm } from '../../lib/form-action.server.ts';
import { apiFormError, firstFormError, type FormError } from '../../lib/form-errors.ts';
import { serverT } from '../../lib/i18n.server.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { dashboardNextTarget, NEXT_PARAM } from './paths.ts';
import type { SignInAnswer } from './sign-in.ts';

/** A refusal as the form shows it; too many attempts say how long to wait. */
async function refusal(response: Response, failure: unknown, lang: Lang): Promise<FormError> {
  if (response.status === 429) {
    const seconds = Number(response.headers.get('retry-after') ?? '60');
    const minutes = Math.max(1, Math.ceil((Number.isFinite(seconds) ? seconds : 60) / 60));
    const t = await serverT(lang);
    return { message: t('dashboard:login.throttled', { count: minutes }), refused: true };
  }
  return { ...apiFormError(failure, lang), refused: true };
}

/**
 * The sign-in page's action. `intent=password`: e-mail and password; the API answers signed
 * in (its cookie is passed on, then the page asked for in `next`) or that a code is needed,
 * whose challenge the page keeps in a hidden field for `intent=totp`. An ended challenge
 * starts again from the password.
 */
export async function signInAction(request: Request, context: AppLoadContext) {
  const lang = requestLang(request);
  const { values } = await readForm(request);
  const next = dashboardNextTarget(new URL(request.url).searchParams.get(NEXT_PARAM), lang);
  const api = serverApi(context, lang);

  if (values.intent === 'totp') {
    const challenge = values.challenge ?? '';
    const invalid = firstFormError(staffSignInTotpSchema, values, lang);
    if (invalid) return data<SignInAnswer>({ error: { ...invalid, field: 'code' }, challenge });
    const response = await api.raw('POST', adminPaths.signInTotp.build({}), {
      body: staffSignInTotpSchema.parse(values),
    });
    try {
      const answer = await readAnswer(response.clone(), staffSignedInSchema);
      const headers = new Headers();
      for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
      return formDone(request, { done: answer.message, redirectTo: next }, { headers });
    } catch (failure) {
      const error = await refusal(response, failure, lang);
      const ended = failure instanceof ApiRequestError && failure.code === 'SIGN_IN_CHALLENGE_INVALID';
      return data<SignInAnswer>(ended ? { error } : { error: { ...error, field: 'code' }, challenge });
    }
  }

  const invalid = firstFormError(staffSignInSchema, values, lang);
  if (invalid) return data<SignInAnswer>({ error: invalid });
  const response = await api.raw('POST', adminPaths.signIn.build({}), {
    body: staffSignInSchema.parse(values),
  });
  try {
    const answer = await readAnswer(response.clone(), staffSignInAnswerSchema);
    if (answer.status === 'totp_required') return data<SignInAnswer>({ challenge: answer.challenge });
    const headers = new Headers();
    for (const cookie of response.headers.getSetCookie()) headers.append('set-cookie', cookie);
    return formDone(request, { done: answer.message, redirectTo: next }, { headers });
  } catch (failure) {
    return data<SignInAnswer>({ error: { ...(await refusal(response, failure, lang)), field: 'password' } });
  }
}
