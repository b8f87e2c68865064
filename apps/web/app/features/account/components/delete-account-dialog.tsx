import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { PROFILE_INTENT } from '../intents.ts';
import { ProfileDialog, useProfileForm, type ProfileDialogProps } from './profile-dialog.tsx';

/**
 * Confirm deletion: the password is required; a wrong one is a warning and the field is
 * emptied. On success the shopper is logged out and sent to /login after 1.5 s.
 */
export function DeleteAccountDialog({ dialog, serverAnswer }: ProfileDialogProps) {
  const { t } = useTranslation('account');
  const form = useProfileForm(serverAnswer, {
    refusalTone: 'warning',
    onError: (_answer, form) => {
      const input = form?.elements.namedItem('password');
      if (input instanceof HTMLInputElement) input.value = '';
    },
  });
  const { busy, answer } = form;
  return (
    <ProfileDialog
      dialog={dialog}
      intent={PROFILE_INTENT.delete}
      form={form}
      title={t('profile.deleteTitle')}
      description={t('profile.deleteLead')}
    >
      <PasswordField
        label={t('fields.password')}
        name="password"
        autoComplete="current-password"
        error={answer?.error?.message}
      />
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="inline-flex h-12 items-center justify-center gap-2 rounded-full bg-sale px-6 font-semibold text-white hover:opacity-90 disabled:cursor-wait disabled:bg-slate-400"
      >
        {busy && <Spinner />}
        {t('profile.deleteConfirm')}
      </button>
    </ProfileDialog>
  );
}
