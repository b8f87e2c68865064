import { sandboxTestCards } from '@shop/contract/constants';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { cardDigits, formatCardNumber, formatExpiry, parseExpiry } from '../card-input.ts';

export interface SandboxCard {
  number: string;
  name: string;
  month: number;
  year: number;
  cvc: string;
}

/**
 * The simulated card form, shown instead of Moyasar's when the shop runs without Moyasar keys.
 * It behaves like the provider for its documented test cards (listed for the shopper).
 */
export function SandboxCardForm({
  amountSar,
  busy,
  onPay,
}: {
  amountSar: number;
  busy: boolean;
  onPay: (card: SandboxCard) => void;
}) {
  const { t } = useTranslation('checkout');
  const { lang } = useLang();
  const [number, setNumber] = useState('');
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [errors, setErrors] = useState<Partial<Record<'number' | 'name' | 'expiry' | 'cvc', string>>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsedExpiry = parseExpiry(expiry);
    const found = {
      number: cardDigits(number).length < 12 ? t('cardNumberInvalid') : undefined,
      name: name.trim().split(/\s+/).length < 2 ? t('cardHolderInvalid') : undefined,
      expiry: parsedExpiry ? undefined : t('expiryInvalid'),
      cvc: /^\d{3,4}$/.test(cvc) ? undefined : t('cvcInvalid'),
    };
    setErrors(found);
    if (!parsedExpiry || Object.values(found).some(Boolean)) return;
    onPay({ number: cardDigits(number), name: name.trim(), ...parsedExpiry, cvc });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-2xl border border-line p-5">
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
        error={errors.name}
      />
      <TextField
        label={t('cardNumber')}
        name="cc-number"
        autoComplete="cc-number"
        inputMode="numeric"
        dir="ltr"
        value={number}
        onChange={(e) => setNumber(formatCardNumber(e.target.value))}
        error={errors.number}
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
          error={errors.expiry}
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
          error={errors.cvc}
        />
      </div>
      <SubmitButton busy={busy}>{t('pay', { amount: formatPrice(amountSar, lang) })}</SubmitButton>
    </form>
  );
}
