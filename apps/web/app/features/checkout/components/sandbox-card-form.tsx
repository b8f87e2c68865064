import { sandboxTestCards } from '@shop/contract/constants';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { formatCardNumber, formatExpiry } from '../card-input.ts';

/** The payment page's intents: pay with the sandbox card, or place the order again. */
export const PAYMENT_INTENT = { pay: 'pay', retry: 'retry' } as const;

/**
 * The simulated card form, shown instead of Moyasar's when the shop runs without Moyasar keys.
 * It behaves like the provider for its documented test cards (listed for the shopper). It posts
 * to the payment page's action, which checks the card, pays and has the server verify the
 * payment; the page holds the form's state (`form`), because it shows the outcome itself.
 */
export function SandboxCardForm({
  amountSar,
  form,
}: {
  amountSar: number;
  form: ReturnType<typeof useActionForm>;
}) {
  const { t } = useTranslation('checkout');
  const { lang } = useLang();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const { Form, formRef, busy, errorFor } = form;

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      className="flex flex-col gap-4 rounded-2xl border border-line p-5"
    >
      <input type="hidden" name="intent" value={PAYMENT_INTENT.pay} />
      <div role="note" className="rounded-xl bg-amber-50 p-4 text-sm text-amber-900">
        <p className="font-semibold">{t('sandboxNotice')}</p>
        <p className="mt-1">{t('testCards')}</p>
        <ul className="mt-2 flex flex-col gap-1 font-mono" dir="ltr">
          {Object.entries(sandboxTestCards).map(([card, outcome]) => (
            <li key={card}>
              {formatCardNumber(card)} — {outcome.network} — {outcome.message}
            </li>
          ))}
        </ul>
      </div>
      <TextField
        label={t('cardHolder')}
        name="cc-name"
        autoComplete="cc-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={errorFor('cc-name')}
      />
      <TextField
        label={t('cardNumber')}
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        dir="ltr"
        value={number}
        onChange={(e) => setNumber(formatCardNumber(e.target.value))}
        error={errorFor('cc-number')}
      />
      <div className="grid grid-cols-2 gap-4">
        <TextField
          label={t('expiry')}
          hint={t('expiryHint')}
          name="cc-exp"
          autoComplete="cc-exp"
          inputMode="numeric"
          dir="ltr"
          value={expiry}
          onChange={(e) => setExpiry(formatExpiry(e.target.value))}
          error={errorFor('cc-exp')}
        />
        <TextField
          label={t('cvc')}
          name="cc-csc"
          autoComplete="cc-csc"
          inputMode="numeric"
          dir="ltr"
          maxLength={4}
          value={cvc}
          onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))}
          error={errorFor('cc-csc')}
        />
      </div>
      <SaveCardBox />
      <SubmitButton busy={busy}>{t('pay', { amount: formatPrice(amountSar, lang) })}</SubmitButton>
    </Form>
  );
}

/**
 * "Save this card for next time": Moyasar keeps the card as a token (`save_card`) and the shop
 * only its network, last four digits and expiry, once the payment is verified.
 */
export function SaveCardBox({
  checked,
  onChange,
}: {
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}) {
  const { t } = useTranslation('checkout');
  return (
    <label className="flex items-start gap-3 text-sm">
      <input
        type="checkbox"
        name="save-card"
        value="on"
        className="mt-0.5 size-4"
        {...(onChange && { checked, onChange: (e) => onChange(e.target.checked) })}
      />
      <span>
        <span className="font-semibold">{t('saveCard')}</span>
        <span className="block text-muted">{t('saveCardHint')}</span>
      </span>
    </label>
  );
}
