import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import type { DialogLink } from '../../../lib/dialog-link.ts';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { PROFILE_INTENT } from '../intents.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';

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
  const { localize } = useLang();
  const { Form, formRef, busy, answer } = useActionForm({
    serverAnswer,
    redirectAfterMs: ACCOUNT_REDIRECT_MS,
    refusalTone: 'warning',
    onError: (_answer, form) => {
      const input = form?.elements.namedItem('password');
      if (input instanceof HTMLInputElement) input.value = '';
    },
  });
  return (
    <Modal link={dialog} title={t('profile.deleteTitle')} description={t('profile.deleteLead')}>
      <Form
        ref={formRef}
        method="post"
        action={dialog.actionFor(localize('/user/profile'))}
        noValidate
        className="flex flex-col gap-4"
      >
        <input type="hidden" name="intent" value={PROFILE_INTENT.delete} />
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
      </Form>
    </Modal>
  );
}
