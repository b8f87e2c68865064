import { useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { loginSchema } from '@shop/contract';
import { data, redirect, useActionData, useSearchParams } from 'react-router';
import { PageNotice } from '../components/ui/page-notice.tsx';
import { takeNotice } from '../lib/notice.server.ts';
import type { Route } from './+types/login';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { LoginForm } from '../features/auth/components/login-form.tsx';
import { RegisterDialog } from '../features/auth/components/register-dialog.tsx';
import { REDIRECT_PARAM, safeRedirectTarget } from '../features/auth/redirect-target.ts';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const target = safeRedirectTarget(new URL(request.url).searchParams.get(REDIRECT_PARAM), lang);
  const [t, user] = await Promise.all([serverT(lang), context.storeData(lang).currentUser()]);
  // Already logged in: nothing to do here.
  if (user) throw redirect(target);
  // The answer to a password change or an account deletion posted without JavaScript.
  const pending = takeNotice(request);
  return data(
    {
      seo: {
        title: t('account:login.title'),
        description: t('common:visitorPrompt'),
        path: '/login',
        noindex: true,
      },
      notice: pending.notice,
    },
    { headers: pending.headers },
  );
}

/**
 * The login form's action, for the page and for the dialog over any other page: log in (the
 * session cookie comes with the answer), then go where the shopper was going. A wrong
 * e-mail/phone or password never says which of the two, so the error is shown at the password.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const store = context.storeData(lang);
  const result = await submitAction(request, {
    schema: loginSchema,
    errorField: 'userPassword',
    run: (input) => store.logIn(input),
  });
  const redirectTo = safeRedirectTarget(new URL(request.url).searchParams.get(REDIRECT_PARAM), lang);
  return answerForm(request, result, { redirectTo });
}

export { unlessLeaving as shouldRevalidate } from '../lib/form-answer.ts';

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { lang } = useLang();
  const [params] = useSearchParams();
  const posted = useActionData<typeof action>();
  const [registering, setRegistering] = useState(false);
  const [email, setEmail] = useState('');
  return (
    <AuthCard title={t('login.title')} lead={tc('visitorPrompt')}>
      {loaderData.notice && <PageNotice notice={loaderData.notice} />}
      <LoginForm
        key={email}
        defaultEmail={email}
        redirectTo={safeRedirectTarget(params.get(REDIRECT_PARAM), lang)}
        onRegister={() => setRegistering(true)}
        serverAnswer={posted}
      />
      <RegisterDialog open={registering} onOpenChange={setRegistering} onRegistered={setEmail} />
    </AuthCard>
  );
}
