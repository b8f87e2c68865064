import { useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { registerFormSchema } from '@shop/contract';
import { redirect, useActionData, useNavigate } from 'react-router';
import type { Route } from './+types/register';
import { AuthCard } from '../features/auth/components/auth-card.tsx';
import { LoginDialog } from '../features/auth/components/login-dialog.tsx';
import { RegisterForm } from '../features/auth/components/register-form.tsx';
import { FormDone } from '../features/auth/components/form-done.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const [t, user] = await Promise.all([serverT(lang), context.storeData(lang).currentUser()]);
  if (user) throw redirect(localizePath('/', lang));
  return {
    seo: {
      title: t('account:register.title'),
      description: t('common:visitorPrompt'),
      path: '/register',
      noindex: true,
    },
  };
}

/** The registration form's action (the page and the dialog): register, then offer the login. */
export async function action({ request, context }: Route.ActionArgs) {
  const store = context.storeData(requestLang(request));
  const result = await submitAction(request, {
    schema: registerFormSchema,
    run: (input) => store.register(input),
  });
  return answerForm(request, result, { extra: result.ok ? { userEmail: result.answer.userEmail } : {} });
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function RegisterPage() {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation();
  const { localize } = useLang();
  const navigate = useNavigate();
  const [loggingIn, setLoggingIn] = useState(false);
  const posted = useActionData<typeof action>();
  return (
    <AuthCard title={t('register.title')} lead={tc('visitorPrompt')}>
      {posted?.done !== undefined ? (
        <FormDone message={posted.done} toLogin />
      ) : (
        <RegisterForm
          onRegistered={() => void navigate(localize('/login'))}
          onLogin={() => setLoggingIn(true)}
          serverAnswer={posted}
        />
      )}
      <LoginDialog open={loggingIn} onOpenChange={setLoggingIn} redirectTo={localize('/')} />
    </AuthCard>
  );
}
