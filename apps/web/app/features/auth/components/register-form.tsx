import { registerFormSchema } from '@shop/contract';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { browserApi } from '../../../lib/api.ts';
import { apiFormError, firstFormError, formValues } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { register } from '../api.ts';
import { REGISTER_DIALOG_CLOSE_MS } from '../timings.ts';
import { useFormFeedback } from '../../../lib/use-form-feedback.ts';
import type { FormError } from '../../../lib/form-errors.ts';

/**
 * Registration (spec §5): the checks run in the spec's order and the first failure is shown
 * as an error toast and under its field. Registering does not log in: `onRegistered` runs
 * 2 s after success with the e-mail, so the login form can be filled in.
 */
export function RegisterForm({
  onRegistered,
  onLogin,
  serverError = null,
}: {
  onRegistered: (email: string) => void;
  /** The register page's action answer to a form posted before or without JavaScript. */
  serverError?: FormError | null;
  onLogin?: () => void;
}) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const { formRef, error, setError, busy, setBusy, fail } = useFormFeedback(serverError);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const invalid = firstFormError(registerFormSchema, values, lang);
    if (invalid) return fail(invalid);
    setError(null);
    setBusy(true);
    try {
      const input = registerFormSchema.parse(values);
      const answer = await register(browserApi(lang), input);
      notify.success(answer.message);
      window.setTimeout(() => onRegistered(answer.userEmail), REGISTER_DIALOG_CLOSE_MS);
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
      <TextField label={t('fields.name')} name="UserName" autoComplete="name" error={errorFor('UserName')} />
      <TextField
        label={t('fields.phone')}
        name="UserPhone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="05XXXXXXXX"
        error={errorFor('UserPhone')}
      />
      <TextField
        label={t('fields.email')}
        name="UserEmail"
        type="email"
        autoComplete="email"
        error={errorFor('UserEmail')}
      />
      <PasswordField
        label={t('fields.password')}
        name="UserPassword"
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={errorFor('UserPassword')}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        error={errorFor('confirmPassword')}
      />
      <SubmitButton busy={busy}>{busy ? t('register.busy') : t('register.submit')}</SubmitButton>
      {onLogin && (
        <p className="text-center text-sm text-muted">
          {t('register.haveAccount')}{' '}
          <button type="button" onClick={onLogin} className="font-semibold text-primary hover:underline">
            {t('register.logIn')}
          </button>
        </p>
      )}
    </form>
  );
}
