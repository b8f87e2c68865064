import { useTranslation } from '../../../lib/use-translation.ts';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { DialogLink } from '../../../lib/dialog-link.ts';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { PROFILE_INTENT } from '../intents.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';
import { ProfileDialog } from './profile-dialog.tsx';

/**
 * Confirm deletion: the password is required; a wrong one is a warning and the field is
 * emptied. On success the shopper is logged out and sent to /login after 1.5 s.
 */
export function DeleteAccountDialog({
  dialog,
  serverAnswer,
}: {
  dialog: DialogLink;
  /** The page's answer to this form posted without JavaScript (the page names this dialog). */
  serverAnswer?: FormAnswer | undefined;
}) {
  const { t } = useTranslation('account');
  const form = useActionForm({
    serverAnswer,
    redirectAfterMs: ACCOUNT_REDIRECT_MS,
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
