import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { REGISTER_DIALOG_CLOSE_MS } from '../timings.ts';
import { NewPasswordFields } from './new-password-fields.tsx';

/** The register page's action answer: the registered e-mail comes with the message. */
export type RegisterAnswer = FormAnswer & { userEmail?: string };

/**
 * Registration, posted to the register page's action (from the page or from the dialog): the
 * checks run in the order the shop's rules give them and the first failure is shown as an
 * error toast and under its field. Registering does not log in: `onRegistered` runs 2 s after
 * success with the e-mail, so the login form can be filled in.
 */
export function RegisterForm({
  onRegistered,
  onLogin,
  serverAnswer,
}: {
  onRegistered: (email: string) => void;
  /** The register page's action answer to a form posted before or without JavaScript. */
  serverAnswer?: RegisterAnswer;
  onLogin?: () => void;
}) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const { Form, formRef, busy, errorFor } = useActionForm<RegisterAnswer>({
    serverAnswer,
    onDone: (answer) =>
      window.setTimeout(() => onRegistered(answer.userEmail ?? ''), REGISTER_DIALOG_CLOSE_MS),
  });

  return (
    <Form
      ref={formRef}
      method="post"
      action={localize('/register')}
      noValidate
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
      <NewPasswordFields name="UserPassword" label={t('fields.password')} errorFor={errorFor} />
      <SubmitButton busy={busy}>{busy ? t('register.busy') : t('register.submit')}</SubmitButton>
      {onLogin && (
        <p className="text-center text-sm text-muted">
          {t('register.haveAccount')}{' '}
          <button type="button" onClick={onLogin} className="font-semibold text-primary hover:underline">
            {t('register.logIn')}
          </button>
        </p>
      )}
    </Form>
  );
}
