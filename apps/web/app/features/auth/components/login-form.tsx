import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { REDIRECT_PARAM } from '../redirect-target.ts';
import { AFTER_LOGIN_REDIRECT_MS } from '../timings.ts';

/**
 * Log in with an e-mail or a mobile number; it posts to the login page's action wherever it is
 * shown (the page, or the dialog over another page). On success the toast shows and after
 * 1.5 s the browser loads where the shopper was going, so every part of the page sees the new
 * session.
 */
export function LoginForm({
  redirectTo,
  defaultEmail = '',
  onRegister,
  serverAnswer,
}: {
  redirectTo: string;
  /** The login page's action answer to a form posted before or without JavaScript. */
  serverAnswer?: FormAnswer;
  defaultEmail?: string;
  /** Opens registration (a dialog over this form); without it, a link to /register. */
  onRegister?: () => void;
}) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const { Form, formRef, busy, errorFor } = useActionForm({
    serverAnswer,
    redirectAfterMs: AFTER_LOGIN_REDIRECT_MS,
  });
  const action = `${localize('/login')}?${new URLSearchParams({ [REDIRECT_PARAM]: redirectTo })}`;

  return (
    <Form ref={formRef} method="post" action={action} noValidate className="flex flex-col gap-4">
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
    </Form>
  );
}
