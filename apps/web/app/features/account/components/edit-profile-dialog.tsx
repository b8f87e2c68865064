import type { User } from '@shop/contract';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { PROFILE_INTENT } from '../intents.ts';
import { ProfileDialog, useProfileForm, type ProfileDialogProps } from './profile-dialog.tsx';
import { ProfilePhoto } from './profile-photo.tsx';

/**
 * The Modify dialog: name, phone, e-mail and a photo picker, sent as multipart to the profile
 * page's action; the page reloads 1.5 s after the change is saved.
 */
export function EditProfileDialog({ user, dialog, serverAnswer }: ProfileDialogProps & { user: User }) {
  const { t } = useTranslation('account');
  const form = useProfileForm(serverAnswer);
  const { busy, errorFor } = form;
  const [preview, setPreview] = useState<string | null>(null);

  // The preview is a blob URL: give its memory back when it changes or the dialog goes.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const pickPhoto = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPreview(file ? URL.createObjectURL(file) : null);
  };

  return (
    <ProfileDialog
      dialog={dialog}
      intent={PROFILE_INTENT.edit}
      form={form}
      title={t('profile.editTitle')}
      multipart
    >
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
    </ProfileDialog>
  );
}
