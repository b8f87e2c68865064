import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { SignInAnswer } from '../sign-in.ts';

/** How long the success toast shows before the back office loads. */
export const AFTER_SIGN_IN_REDIRECT_MS = 1000;

/**
 * Signing in: e-mail and password, then, when the member has two-step verification, the
 * six-digit code (the API's challenge kept in a hidden field). Both steps post to the sign-in
 * page's action, with or without JavaScript.
 */
export function SignInForm({ action, serverAnswer }: { action: string; serverAnswer?: SignInAnswer }) {
  const { t } = useTranslation('dashboard');
  const { Form, formRef, busy, errorFor, answer } = useActionForm<SignInAnswer>({
    serverAnswer,
    redirectAfterMs: AFTER_SIGN_IN_REDIRECT_MS,
    refusalTone: 'warning',
  });
  const challenge = answer?.challenge;
  if (challenge)
    return (
      <Form ref={formRef} method="post" action={action} noValidate className="flex flex-col gap-4">
        <input type="hidden" name="intent" value="totp" />
        <input type="hidden" name="challenge" value={challenge} />
        <p className="text-sm text-muted">{t('login.codeLead')}</p>
        <TextField
          key={challenge}
          label={t('login.code')}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          autoFocus
          error={errorFor('code')}
        />
        <SubmitButton busy={busy}>{busy ? t('states.busy') : t('login.verify')}</SubmitButton>
      </Form>
    );
  return (
    <Form ref={formRef} method="post" action={action} noValidate className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="password" />
      <TextField
        label={t('login.email')}
        name="email"
        type="email"
        autoComplete="username"
        error={errorFor('email')}
      />
      <PasswordField
        label={t('login.password')}
        name="password"
        autoComplete="current-password"
        error={errorFor('password')}
      />
      <SubmitButton busy={busy}>{busy ? t('states.busy') : t('login.submit')}</SubmitButton>
      {answer?.error && !answer.error.field && (
        <p role="alert" className="text-sm font-medium text-sale">
          {answer.error.message}
        </p>
      )}
    </Form>
  );
}
