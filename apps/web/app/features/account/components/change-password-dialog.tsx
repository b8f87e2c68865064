import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { PROFILE_INTENT } from '../intents.ts';
import { ProfileDialog, useProfileForm, type ProfileDialogProps } from './profile-dialog.tsx';
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx';

/**
 * All three fields are required ('please complete the data'), then the match; a wrong current
 * password is a warning. On success every session has ended, so the profile page's action
 * sends the shopper to log in again after 1.5 s.
 */
export function ChangePasswordDialog({ dialog, serverAnswer }: ProfileDialogProps) {
  const { t } = useTranslation('account');
  const form = useProfileForm(serverAnswer, {
    refusalTone: 'warning',
  });
  const { busy, answer, errorFor } = form;
  const error = answer?.error;
  return (
    <ProfileDialog
      dialog={dialog}
      intent={PROFILE_INTENT.password}
      form={form}
      title={t('profile.passwordTitle')}
    >
      <PasswordField
        label={t('fields.oldPassword')}
        name="oldPassword"
        autoComplete="current-password"
        error={errorFor('oldPassword')}
      />
      <NewPasswordFields name="password" label={t('fields.newPassword')} errorFor={errorFor} />
      {error && !error.field && (
        <p role="alert" className="text-sm text-sale">
          {error.message}
        </p>
      )}
      <SubmitButton busy={busy}>{t('profile.changePassword')}</SubmitButton>
    </ProfileDialog>
  );
}
