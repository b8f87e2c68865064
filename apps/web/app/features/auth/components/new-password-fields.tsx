import { PasswordField } from '../../../components/ui/password-field.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A new password and its confirmation, as registration, the reset link and the password change
 * ask for them: the rules as a hint under the first, errors under each.
 */
export function NewPasswordFields({
  name,
  label,
  errorFor,
}: {
  /** The new password's input name (`confirmPassword` is the confirmation's). */
  name: string;
  label: string;
  errorFor: (field: string) => string | undefined;
}) {
  const { t } = useTranslation('account');
  return (
    <>
      <PasswordField
        label={label}
        name={name}
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={errorFor(name)}
      />
      <PasswordField
        label={t('fields.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        error={errorFor('confirmPassword')}
      />
    </>
  );
}
