import { deactivateSchema, type User } from '@shop/contract';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { browserApi } from '../../../lib/api.ts';
import { apiFormError, firstFormError, formValues } from '../../../lib/form-errors.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { deactivateAccount } from '../api.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';

/**
 * Confirm deletion (spec §2, §5): the password is required; a wrong one is a warning and the
 * field is emptied (spec §8). On success the shopper is logged out and sent to /login.
 */
export function DeleteAccountDialog({
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
  const inputRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = firstFormError(deactivateSchema, values, lang);
    const input = form.elements.namedItem('password');
    if (invalid) {
      setError(invalid.message);
      notify.error(invalid.message);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const answer = await deactivateAccount(browserApi(lang), user.userId, values.password ?? '');
      notify.success(answer.message);
      window.setTimeout(() => window.location.assign(localize('/login')), ACCOUNT_REDIRECT_MS);
    } catch (failure) {
      setBusy(false);
      const message = apiFormError(failure, lang).message;
      setError(message);
      notify.warning(message);
      if (input instanceof HTMLInputElement) {
        input.value = '';
        input.focus();
      }
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={t('profile.deleteTitle')}
      description={t('profile.deleteLead')}
    >
      <form
        ref={inputRef}
        noValidate
        onSubmit={(event) => void submit(event)}
        className="flex flex-col gap-4"
      >
        <PasswordField
          label={t('fields.password')}
          name="password"
          autoComplete="current-password"
          error={error}
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
      </form>
    </Modal>
  );
}
