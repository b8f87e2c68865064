import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import type { DialogLink } from '../../../lib/dialog-link.ts';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { PROFILE_INTENT } from '../intents.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';
import { NewPasswordFields } from '../../auth/components/new-password-fields.tsx';

/**
 * All three fields are required ('please complete the data'), then the match; a wrong current
 * password is a warning. On success every session has ended, so the profile page's action
 * sends the shopper to log in again after 1.5 s.
 */
export function ChangePasswordDialog({
  dialog,
  serverAnswer,
}: {
  dialog: DialogLink;
  /** The page's answer to this form posted without JavaScript (the page names this dialog). */
  serverAnswer?: FormAnswer | undefined;
}) {
  const { t } = useTranslation('account');
  const { localize } = useLang();
  const { Form, formRef, busy, answer, errorFor } = useActionForm({
    serverAnswer,
    redirectAfterMs: ACCOUNT_REDIRECT_MS,
    refusalTone: 'warning',
  });
  const error = answer?.error;
  return (
    <Modal link={dialog} title={t('profile.passwordTitle')}>
      <Form
        ref={formRef}
        method="post"
        action={dialog.actionFor(localize('/user/profile'))}
        noValidate
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value={PROFILE_INTENT.password} />
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
      </Form>
    </Modal>
  );
}
