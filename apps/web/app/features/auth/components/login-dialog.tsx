import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { LoginForm } from './login-form.tsx';
import { RegisterDialog } from './register-dialog.tsx';

/**
 * Login as a dialog, for any page that wants to offer it in place. Its register link opens the
 * registration dialog over it; after registering, the e-mail is filled in here.
 */
export function LoginDialog({
  open,
  onOpenChange,
  redirectTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  redirectTo: string;
}) {
  const { t } = useTranslation('account');
  const [registering, setRegistering] = useState(false);
  const [email, setEmail] = useState('');
  return (
    <>
      <Modal open={open} onOpenChange={onOpenChange} title={t('login.title')}>
        <LoginForm
          key={email}
          redirectTo={redirectTo}
          defaultEmail={email}
          onRegister={() => setRegistering(true)}
        />
      </Modal>
      <RegisterDialog open={registering} onOpenChange={setRegistering} onRegistered={setEmail} />
    </>
  );
}
