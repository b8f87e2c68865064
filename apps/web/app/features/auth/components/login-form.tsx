import { loginSchema } from '@shop/contract';
import type { FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { browserApi } from '../../../lib/api.ts';
import { apiFormError, firstFormError, formValues } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { logIn } from '../api.ts';
import { AFTER_LOGIN_REDIRECT_MS } from '../timings.ts';
import { useFormFeedback } from '../../../lib/use-form-feedback.ts';
import type { FormError } from '../../../lib/form-errors.ts';

/**
 * Log in with an e-mail or a mobile number (spec §4, §5). On success the toast shows and after
 * 1.5 s the browser loads `redirectTo` afresh, so every part of the page sees the new session.
 */
export function LoginForm({
  redirectTo,
  defaultEmail = '',
  onRegister,
  serverError = null,
}: {
  redirectTo: string;
  /** The login page's action answer to a form posted before or without JavaScript. */
  serverError?: FormError | null;
  defaultEmail?: string;
  /** Opens registration (a dialog over this form); without it, a link to /register. */
  onRegister?: () => void;
}) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const { formRef, error, setError, busy, setBusy, fail } = useFormFeedback(serverError);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const invalid = firstFormError(loginSchema, values, lang);
    if (invalid) return fail(invalid);
    setError(null);
    setBusy(true);
    try {
      const answer = await logIn(browserApi(lang), loginSchema.parse(values));
      notify.success(answer.message);
      window.setTimeout(() => window.location.assign(redirectTo), AFTER_LOGIN_REDIRECT_MS);
    } catch (failure) {
      setBusy(false);
      // The API says which: a wrong e-mail/phone or password never says which of the two.
      fail({ ...apiFormError(failure, lang), field: 'userPassword' });
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
      <TextField
        label={t('login.identifier')}
        name="userEmail"
        type="text"
        inputMode="email"
        autoComplete="username"
        defaultValue={defaultEmail}
        hint={t('login.identifierHint')}
        error={errorFor('userEmail')}
      />
      <PasswordField
        label={t('fields.password')}
        name="userPassword"
        autoComplete="current-password"
        error={errorFor('userPassword')}
      />
      <ShopLink to="/forgot-password" className="w-fit text-sm font-semibold text-primary hover:underline">
        {t('login.forgot')}
      </ShopLink>
      <SubmitButton busy={busy}>{busy ? t('login.busy') : t('login.submit')}</SubmitButton>
      <p className="text-center text-sm text-muted">
        {t('login.noAccount')}{' '}
        {onRegister ? (
          <button type="button" onClick={onRegister} className="font-semibold text-primary hover:underline">
            {t('login.createAccount')}
          </button>
        ) : (
          <ShopLink to="/register" className="font-semibold text-primary hover:underline">
            {t('login.createAccount')}
          </ShopLink>
        )}
      </p>
    </form>
  );
}
