import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useActionForm, type FormAnswer } from '../../../lib/form-answer.ts';
import { FormDone } from './form-done.tsx';

/** Asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm({
  serverAnswer,
}: {
  /** The page's action answer to a form posted before or without JavaScript. */
  serverAnswer?: FormAnswer;
}) {
  const { t } = useTranslation('account');
  const { Form, formRef, busy, answer } = useActionForm({ serverAnswer });

  if (answer?.done !== undefined) return <FormDone message={answer.done} />;
  return (
    <Form ref={formRef} method="post" noValidate className="flex flex-col gap-4">
      <TextField
        label={t('login.identifier')}
        name="userEmail"
        inputMode="email"
        autoComplete="username"
        error={answer?.error?.message}
      />
      <SubmitButton busy={busy}>{t('forgot.submit')}</SubmitButton>
    </Form>
  );
}
