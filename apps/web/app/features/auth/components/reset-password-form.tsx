import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { AFTER_LOGIN_REDIRECT_MS } from '../timings.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/**
 * Sets a new password with the token of the e-mailed link (the page's action reads it from the
 * address), then goes to the login page after 1.5 s.
 */
export function ResetPasswordForm({
  serverAnswer,
}: {
  /** The page's action answer to a form posted before or without JavaScript. */
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const { Form, formRef, busy, answer, errorFor } = useActionForm({
    serverAnswer,
    onDone: () =>
      window.setTimeout(() => window.location.assign(localize('/login')), AFTER_LOGIN_REDIRECT_MS),
  });
  const error = answer?.error;
  return (
    <Form ref={formRef} method="post" noValidate className="flex flex-col gap-4">
      {error?.field === 'token' && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-sale">
          {error.message}
        </p>
      )}
      <NewPasswordFields name="password" label={t('fields.newPassword')} errorFor={errorFor} />
      <SubmitButton busy={busy || answer?.done !== undefined}>{t('reset.submit')}</SubmitButton>
    </Form>
  );
}
