import { changePasswordFormSchema, type User } from '@shop/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
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
import { changePassword } from '../api.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';

/**
 * Spec §5: all three fields required ('please complete the data'), then the match. On success
 * every session has ended, so the shopper logs in again after 1.5 s.
 */
export function ChangePasswordDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('account');
  const { lang, localize } = useLang();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);

  const fail = (failure: FormError, tone: 'error' | 'warning' = 'error') => {
    setError(failure);
    notify[tone](failure.message);
    focusField(formRef.current, failure.field);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const invalid = firstFormError(changePasswordFormSchema, values, lang);
    if (invalid) return fail(invalid);
    setError(null);
    setBusy(true);
    try {
      const input = changePasswordFormSchema.parse(values);
      const answer = await changePassword(browserApi(lang), user.userId, {
        oldPassword: input.oldPassword,
        password: input.password,
      });
      notify.success(answer.message);
      window.setTimeout(() => window.location.assign(localize('/login')), ACCOUNT_REDIRECT_MS);
    } catch (failure) {
      setBusy(false);
      // Spec §8: a wrong current password is a warning, 'The password is incorrect'.
      fail(apiFormError(failure, lang), 'warning');
    }
  };

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('profile.passwordTitle')}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <PasswordField
          label={t('fields.oldPassword')}
          name="oldPassword"
          autoComplete="current-password"
          error={errorFor('oldPassword')}
        />
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
        {error && !error.field && (
          <p role="alert" className="text-sm text-sale">
            {error.message}
          </p>
        )}
        <SubmitButton busy={busy}>{t('profile.changePassword')}</SubmitButton>
      </form>
    </Modal>
  );
}
