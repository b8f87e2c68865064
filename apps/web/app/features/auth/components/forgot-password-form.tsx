import { forgotPasswordSchema } from '@shop/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { browserApi } from '../../../lib/api.ts';
import {
  apiFormError,
  firstFormError,
  focusField,
  formValues,
  type FormError,
} from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { requestPasswordReset } from '../api.ts';
import { FormDone } from './form-done.tsx';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({
  serverError = null,
}: {
  /** The page's action answer to a form posted before or without JavaScript. */
  serverError?: FormError | null;
}) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<FormError | null>(serverError);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const invalid = firstFormError(forgotPasswordSchema, values, lang);
    if (invalid) {
      setError(invalid);
      notify.error(invalid.message);
      focusField(formRef.current, invalid.field);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const answer = await requestPasswordReset(
        browserApi(lang),
        forgotPasswordSchema.parse(values).userEmail,
      );
      setSent(answer.message);
      notify.success(answer.message);
    } catch (failure) {
      const problem = apiFormError(failure, lang);
      setError({ ...problem, field: 'userEmail' });
      notify.error(problem.message);
    } finally {
      setBusy(false);
    }
  };

  if (sent) return <FormDone message={sent} />;
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
        inputMode="email"
        autoComplete="username"
        error={error?.message}
      />
      <SubmitButton busy={busy}>{t('forgot.submit')}</SubmitButton>
    </form>
  );
}
