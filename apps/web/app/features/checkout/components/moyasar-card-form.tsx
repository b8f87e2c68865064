import type { PaymentForm } from '@shop/contract';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useApplePaySupported } from './apple-pay-choice.tsx';
import { SaveCardBox } from './sandbox-card-form.tsx';

/**
 * Moyasar's hosted card form, loaded on this page only (dynamic import). Card data goes from
 * the browser straight to Moyasar, which then redirects to the callback URL (the orders page)
 * with `id`, `status`, `message`; that page's loader has the server verify the payment id.
 */
export function MoyasarCardForm({ payment }: { payment: PaymentForm }) {
  const { t } = useTranslation('checkout');
  const { lang } = useLang();
  const id = `mysr-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [saveCard, setSaveCard] = useState(false);
  // Apple Pay only where this browser can pay with it (known once hydrated).
  const applePay = useApplePaySupported() && payment.methods.includes('applepay');

  useEffect(() => {
    let cancelled = false;
    Promise.all([import('moyasar-payment-form'), import('moyasar-payment-form/dist/moyasar.css')])
      .then(([module]) => {
        if (cancelled || !payment.publishableKey) return;
        module.default.init({
          element: `#${id}`,
          amount: payment.amount,
          currency: payment.currency,
          description: payment.description,
          publishable_api_key: payment.publishableKey,
          callback_url: payment.callbackUrl,
          // The card when offered; Apple Pay where this browser has it.
          methods: payment.methods.filter((m) => m !== 'applepay' || applePay),
          // Moyasar keeps the card as a token only when the shopper asked (decision 243).
          credit_card: { save_card: saveCard },
          ...(applePay && {
            apple_pay: {
              country: 'SA',
              label: payment.description,
              validate_merchant_url: 'https://api.moyasar.com/v1/applepay/initiate',
            },
          }),
          supported_networks: payment.supportedNetworks,
          metadata: payment.metadata,
          given_id: payment.given_id,
          language: lang,
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
  }, [id, lang, payment, saveCard, applePay]);

  return (
    <div className="rounded-2xl border border-line p-5">
      {state === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner />
          {t('loadingForm')}
        </p>
      )}
      {state === 'failed' && (
        <p role="alert" className="font-medium text-sale">
          {t('formFailed')}
        </p>
      )}
      {state === 'ready' && (
        <div className="mb-4">
          <SaveCardBox checked={saveCard} onChange={setSaveCard} />
        </div>
      )}
      <div id={id} key={`${saveCard}-${applePay}`} className="mysr-form" />
    </div>
  );
}
