import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { WALLET_INTENT } from './saved-cards-choice.tsx';

/** What Safari exposes where Apple Pay can be used; absent in other browsers. */
interface ApplePayWindow {
  ApplePaySession?: { canMakePayments(): boolean };
}

/**
 * Whether this browser can pay with Apple Pay, known only once the page has hydrated: false
 * on the server and without JavaScript, so the choice is never shown where it cannot work.
 */
export function useApplePaySupported(): boolean {
  const [supported, setSupported] = useState(false);
  useEffect(() => {
    try {
      setSupported(Boolean((window as ApplePayWindow).ApplePaySession?.canMakePayments()));
    } catch {
      setSupported(false);
    }
  }, []);
  return supported;
}

/**
 * The sandbox's Apple Pay button (payments simulated): where the browser supports Apple Pay,
 * it posts to the page's action, which pays the order with a simulated Apple Pay token. With
 * Moyasar, Apple Pay is a method of Moyasar's own form instead.
 */
export function SandboxApplePay({ form }: { form: ReturnType<typeof useActionForm> }) {
  const { t } = useTranslation('checkout');
  const supported = useApplePaySupported();
  if (!supported) return null;
  const { Form, busy } = form;
  return (
    <Form method="post" className="flex flex-col gap-2 rounded-2xl border border-line p-5">
      <input type="hidden" name="intent" value={WALLET_INTENT.applePay} />
      <p className="text-sm text-muted">{t('applePaySandbox')}</p>
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="inline-flex h-12 items-center justify-center rounded-full bg-black px-6 font-semibold text-white disabled:cursor-wait disabled:bg-slate-500"
      >
        {t('applePayButton')}
      </button>
    </Form>
  );
}
