import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { WALLET_INTENT } from './saved-cards-choice.tsx';

/**
 * STC Pay in two small forms, one route action each, with or without JavaScript: the Saudi
 * mobile number (STC Pay then sends a code by SMS), and, once it was sent, the code. A refusal
 * is said at its field, what was typed kept (`typedMobile` after a post without JavaScript).
 */
export function StcPayChoice({
  codeSent,
  form,
  typedMobile,
}: {
  codeSent: boolean;
  form: ReturnType<typeof useActionForm>;
  typedMobile?: string | undefined;
}) {
  const { t } = useTranslation('checkout');
  const { Form, busy, errorFor } = form;
  return (
    <section
      aria-labelledby="stcpay-title"
      className="flex flex-col gap-3 rounded-2xl border border-line p-5"
    >
      <h2 id="stcpay-title" className="text-lg font-bold">
        STC Pay
      </h2>
      {codeSent ? (
        <Form method="post" noValidate className="flex flex-col gap-3">
          <input type="hidden" name="intent" value={WALLET_INTENT.stcpayConfirm} />
          <p className="text-sm">{t('stcpayCodeSent')}</p>
          <TextField
            label={t('stcpayOtp')}
            name="otp"
            autoComplete="one-time-code"
            inputMode="numeric"
            dir="ltr"
            maxLength={8}
            error={errorFor('otp')}
          />
          <SubmitButton busy={busy}>{t('stcpayConfirm')}</SubmitButton>
        </Form>
      ) : (
        <Form method="post" noValidate className="flex flex-col gap-3">
          <input type="hidden" name="intent" value={WALLET_INTENT.stcpayStart} />
          <TextField
            label={t('stcpayMobile')}
            hint={t('stcpayMobileHint')}
            name="mobile"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            dir="ltr"
            defaultValue={typedMobile}
            error={errorFor('mobile')}
          />
          <SubmitButton busy={busy}>{t('stcpaySend')}</SubmitButton>
        </Form>
      )}
    </section>
  );
}
