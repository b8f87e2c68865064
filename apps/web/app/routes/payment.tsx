import type { PayInvoiceAnswer } from '@shop/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { useLocation } from 'react-router';
import type { Route } from './+types/payment';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import type { PaymentNavigationState } from '../features/cart/payment-state.ts';
import { payWithSandbox, placeOrder, verifyPayment } from '../features/checkout/api.ts';
import { MoyasarCardForm } from '../features/checkout/components/moyasar-card-form.tsx';
import { OrderSummary } from '../features/checkout/components/order-summary.tsx';
import { SandboxCardForm, type SandboxCard } from '../features/checkout/components/sandbox-card-form.tsx';
import { ApiRequestError, browserApi } from '../lib/api.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireUser(request, context);
  const t = await serverT(requestLang(request));
  return {
    seo: {
      title: t('checkout:title'),
      description: t('checkout:description'),
      path: '/payment',
      noindex: true,
    },
    userId: user.userId,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/** Spec §9: the browser goes on to the orders page 1.5 s after a confirmed payment. */
const REDIRECT_AFTER_MS = 1500;

type Stage =
  | { kind: 'placing' }
  | { kind: 'ready'; order: PayInvoiceAnswer }
  | { kind: 'paying'; order: PayInvoiceAnswer }
  | { kind: 'paid'; message: string }
  | { kind: 'failed'; message: string };

function isPaymentState(value: unknown): value is PaymentNavigationState {
  return typeof value === 'object' && value !== null && 'userId' in value && 'invoiceUserAdress' in value;
}

/**
 * The payment page (spec §2): receives the cart's navigation state, has the server place and
 * price the order, shows it, and starts the card form (Moyasar's, or the sandbox's). Success is
 * announced only after the server confirmed the payment with the provider.
 */
export default function PaymentPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { lang } = useLang();
  const location = useLocation();
  const state = isPaymentState(location.state) ? location.state : null;
  const api = useMemo(() => browserApi(lang), [lang]);
  const [stage, setStage] = useState<Stage>({ kind: 'placing' });
  const [attempt, setAttempt] = useState(0);
  const usable = state !== null && state.userId === loaderData.userId;

  const reason = useCallback(
    (error: unknown) => (error instanceof ApiRequestError && error.body?.message) || t('failedUnknown'),
    [t],
  );

  useEffect(() => {
    if (!state || state.userId !== loaderData.userId) return;
    let cancelled = false;
    setStage({ kind: 'placing' });
    placeOrder(api, state).then(
      (order) => !cancelled && setStage({ kind: 'ready', order }),
      (error: unknown) => !cancelled && setStage({ kind: 'failed', message: reason(error) }),
    );
    return () => {
      cancelled = true;
    };
    // `attempt` places the order again after a failed payment (the cart was kept).
  }, [api, state, loaderData.userId, attempt, reason]);

  const confirmed = useCallback((message: string, redirectUrl: string) => {
    setStage({ kind: 'paid', message });
    window.setTimeout(() => window.location.assign(redirectUrl), REDIRECT_AFTER_MS);
  }, []);

  async function paySandbox(order: PayInvoiceAnswer, card: SandboxCard) {
    setStage({ kind: 'paying', order });
    try {
      const payment = await payWithSandbox(api, { ...card, invoiceId: order.invoiceId });
      // Failed or not, only the server's verification decides, and says why in our language.
      const verified = await verifyPayment(api, payment.id);
      confirmed(verified.message, payment.redirectUrl);
    } catch (error) {
      setStage({ kind: 'failed', message: reason(error) });
    }
  }

  const moyasarCompleted = useCallback(
    async (paymentId: string) => {
      // Moyasar redirects to the orders page next, which verifies again: an error here is not final.
      await verifyPayment(api, paymentId).catch(() => undefined);
    },
    [api],
  );

  if (!usable) {
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        <p>{t('noOrder')}</p>
        <ShopLink to="/cart" className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-ink">
          {t('backToCart')}
        </ShopLink>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">{t('title')}</h1>
      {stage.kind === 'placing' && (
        <p role="status" className="flex items-center gap-2 text-muted">
          <Spinner />
          {t('placing')}
        </p>
      )}
      {stage.kind === 'paid' && (
        <div role="status" className="rounded-2xl bg-emerald-50 p-6 text-emerald-900">
          <p className="text-lg font-bold">{stage.message}</p>
          <p className="mt-1 text-sm">{t('redirecting')}</p>
        </div>
      )}
      {stage.kind === 'failed' && (
        <div className="flex flex-col items-start gap-4 rounded-2xl bg-red-50 p-6 text-red-900">
          <p role="alert" className="text-lg font-bold">
            {stage.message}
          </p>
          <p className="text-sm">{t('cartKept')}</p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              onClick={() => setAttempt((n) => n + 1)}
              className="h-12 rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong"
            >
              {t('tryAgain')}
            </button>
            <ShopLink
              to="/cart"
              className="inline-flex h-12 items-center rounded-full border border-line px-6"
            >
              {t('backToCart')}
            </ShopLink>
          </div>
        </div>
      )}
      {(stage.kind === 'ready' || stage.kind === 'paying') && (
        <div className="grid gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
          <div className="flex flex-col gap-4">
            <p className="text-sm text-muted">
              {t('payWithin', {
                minutes: Math.max(1, Math.round((Date.parse(stage.order.expiresAt) - Date.now()) / 60_000)),
              })}
            </p>
            {stage.order.payment.sandbox ? (
              <SandboxCardForm
                amountSar={stage.order.amountSar}
                busy={stage.kind === 'paying'}
                onPay={(card) => void paySandbox(stage.order, card)}
              />
            ) : (
              <MoyasarCardForm payment={stage.order.payment} onCompleted={moyasarCompleted} />
            )}
          </div>
          <OrderSummary order={stage.order.invoice} />
        </div>
      )}
    </div>
  );
}
