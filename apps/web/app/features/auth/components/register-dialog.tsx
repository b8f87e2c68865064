import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { RegisterForm } from './register-form.tsx';

/** Registration as a dialog; it closes 2 s after success (docs/requirements/rules.md, Timings). */
export function RegisterDialog({
  open,
  onOpenChange,
  onRegistered,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRegistered: (email: string) => void;
}) {
  const { t } = useTranslation('account');
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('register.title')}>
      <RegisterForm
        onRegistered={(email) => {
          onOpenChange(false);
          onRegistered(email);
        }}
      />
    </Modal>
  );
}
