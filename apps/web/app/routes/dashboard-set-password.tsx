import { staffSetPasswordSchema } from '@shop/contract';
import { useActionData, useLocation, useSearchParams } from 'react-router';
import type { Route } from './+types/dashboard-set-password';
import { PasswordField } from '../components/ui/password-field.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { SignedOutFrame } from '../features/dashboard/components/signed-out-frame.tsx';
import { AFTER_SIGN_IN_REDIRECT_MS } from '../features/dashboard/components/sign-in-form.tsx';
import { answerForm, submitAction } from '../lib/form-action.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/**
 * The invitation's and the reset's link (`?token=`): the member chooses a password; the shop
 * checks the one-time token and ends the member's sessions; then the sign-in page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const lang = requestLang(request);
  const account = context.backOffice(lang).account;
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const result = await submitAction(request, {
    schema: staffSetPasswordSchema,
    extra: { token },
    errorField: 'password',
    run: (input) => account.setPassword(input),
  });
  return answerForm(request, result, { redirectTo: localizePath('/dashboard/login', lang) });
}

export { unlessLeaving as shouldRevalidate } from '../lib/form-answer.ts';

export default function DashboardSetPassword() {
  const { t } = useTranslation('dashboard');
  const { localize } = useLang();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const posted = useActionData() as FormAnswer | undefined;
  const { Form, formRef, busy, errorFor } = useActionForm({
    serverAnswer: posted,
    redirectAfterMs: AFTER_SIGN_IN_REDIRECT_MS,
  });
  const token = params.get('token');
  return (
    <SignedOutFrame title={t('setPassword.title')} lead={token ? t('setPassword.lead') : undefined}>
      {token ? (
        <Form
          ref={formRef}
          method="post"
          action={`${pathname}${search}`}
          noValidate
          className="flex flex-col gap-4"
        >
          <PasswordField
            label={t('setPassword.password')}
            name="password"
            autoComplete="new-password"
            error={errorFor('password')}
          />
          <SubmitButton busy={busy}>{busy ? t('states.busy') : t('setPassword.submit')}</SubmitButton>
        </Form>
      ) : (
        <div className="flex flex-col gap-4">
          <p role="alert" className="text-sale">
            {t('setPassword.missingToken')}
          </p>
          <a href={localize('/dashboard/login')} className="font-semibold text-primary hover:underline">
            {t('setPassword.signIn')}
          </a>
        </div>
      )}
    </SignedOutFrame>
  );
}
