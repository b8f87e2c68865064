import { profileFormSchema, type User } from '@shop/contract';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
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
import { updateProfile } from '../api.ts';
import { ACCOUNT_REDIRECT_MS } from '../timings.ts';
import { ProfilePhoto } from './profile-photo.tsx';

/** The Modify dialog (spec §2): name, phone, e-mail and a photo picker; reloads after 1.5 s. */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<FormError | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  // The preview is a blob URL: give its memory back when it changes or the dialog goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    const invalid = firstFormError(profileFormSchema, values, lang);
    if (invalid) {
      setError(invalid);
      notify.error(invalid.message);
      focusField(formRef.current, invalid.field);
      return;
    }
    setError(null);
    setBusy(true);
    const parsed = profileFormSchema.parse(values);
    const body = new FormData();
    body.set('UserName', parsed.UserName);
    body.set('UserPhone', parsed.UserPhone);
    body.set('UserEmail', parsed.UserEmail);
    if (parsed.currentPassword) body.set('currentPassword', parsed.currentPassword);
    const photo = new FormData(form).get('userImage');
    if (photo instanceof File && photo.size > 0) body.set('userImage', photo);
    try {
      const answer = await updateProfile(browserApi(lang), user.userId, body);
      notify.success(answer.message);
      window.setTimeout(() => window.location.reload(), ACCOUNT_REDIRECT_MS);
    } catch (failure) {
      setBusy(false);
      const problem = apiFormError(failure, lang);
      setError(problem);
      notify.error(problem.message);
      focusField(formRef.current, problem.field);
    }
  };

  const errorFor = (field: string) => (error?.field === field ? error.message : undefined);
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('profile.editTitle')}>
      <form ref={formRef} noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
        <div className="flex items-center gap-4">
          <ProfilePhoto
            src={preview ?? user.userImage}
            alt={t('profile.photoAlt', { name: user.userName })}
            size="size-20"
          />
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="profile-photo" className="text-sm font-semibold">
              {t('profile.photo')}
            </label>
            <input
              id="profile-photo"
              name="userImage"
              type="file"
              accept="image/jpeg,image/png,image/webp"
              onChange={pickPhoto}
              aria-describedby="profile-photo-hint"
              className="max-w-full text-sm file:me-3 file:rounded-full file:border-0 file:bg-surface file:px-4 file:py-2 file:font-semibold"
            />
            <p id="profile-photo-hint" className="text-xs text-muted">
              {t('profile.photoHint')}
            </p>
            {errorFor('userImage') && (
              <p role="alert" className="text-sm text-sale">
                {errorFor('userImage')}
              </p>
            )}
          </div>
        </div>
        <TextField
          label={t('fields.name')}
          name="UserName"
          defaultValue={user.userName}
          autoComplete="name"
          error={errorFor('UserName')}
        />
        <TextField
          label={t('fields.phone')}
          name="UserPhone"
          type="tel"
          defaultValue={user.userPhone}
          autoComplete="tel"
          error={errorFor('UserPhone')}
        />
        <TextField
          label={t('fields.email')}
          name="UserEmail"
          type="email"
          defaultValue={user.userEmail}
          autoComplete="email"
          error={errorFor('UserEmail')}
        />
        <PasswordField
          label={t('profile.currentPassword')}
          name="currentPassword"
          autoComplete="current-password"
          hint={t('profile.currentPasswordHint')}
          error={errorFor('currentPassword')}
        />
        <SubmitButton busy={busy}>{busy ? t('profile.saving') : t('profile.save')}</SubmitButton>
      </form>
    </Modal>
  );
}
