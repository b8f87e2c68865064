import { resetPasswordSchema } from '@shop/contract';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { browserApi } from '../../../lib/api.ts';
import { apiFormError, firstFormError, formValues } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { resetPassword } from '../api.ts';
import { AFTER_LOGIN_REDIRECT_MS } from '../timings.ts';
import { useFormFeedback } from '../../../lib/use-form-feedback.ts';
import type { FormError } from '../../../lib/form-errors.ts';

/** Sets a new password with the token of the e-mailed link, then goes to the login page. */
export function ResetPasswordForm({
  token,
  serverError = null,
}: {
  token: string;
  /** The page's action answer to a form posted before or without JavaScript. */
  serverError?: FormError | null;
}) {
  const { t } = useTranslation('account');
  const { lang, localize } = useLang();
  const { formRef, error, setError, busy, setBusy, fail } = useFormFeedback(serverError);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = { ...formValues(event.currentTarget), token };
    const invalid = firstFormError(resetPasswordSchema, values, lang);
    if (invalid) return fail(invalid);
    setError(null);
    setBusy(true);
    try {
      const input = resetPasswordSchema.parse(values);
      const answer = await resetPassword(browserApi(lang), {
        token,
        password: input.password,
        confirmPassword: input.confirmPassword ?? '',
      });
      notify.success(answer.message);
      window.setTimeout(() => window.location.assign(localize('/login')), AFTER_LOGIN_REDIRECT_MS);
    } catch (failure) {
      setBusy(false);
      fail(apiFormError(failure, lang));
    }
  };

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-4"
    >
      {error?.field === 'token' && (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-sm text-sale">
          {error.message}
        </p>
      )}
      <PasswordField
        label={t('fields.newPassword')}
        name="password"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={errorFor('password')}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        error={errorFor('confirmPassword')}
      />
      <SubmitButton busy={busy}>{t('reset.submit')}</SubmitButton>
    </form>
  );
}
