import { data, Form, redirect, redirectDocument, useActionData } from 'react-router';
import { useTranslation } from '../lib/use-translation.ts';
import type { Route } from './+types/payment-order';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { readCard } from '../features/checkout/card-input.ts';
import { MoyasarCardForm } from '../features/checkout/components/moyasar-card-form.tsx';
import { OrderSummary } from '../features/checkout/components/order-summary.tsx';
import { PAYMENT_INTENT, SandboxCardForm } from '../features/checkout/components/sandbox-card-form.tsx';
import { PAY_LATER_INTENTS, PayLaterChoice } from '../features/checkout/components/pay-later-offer.tsx';
import { SandboxApplePay } from '../features/checkout/components/apple-pay-choice.tsx';
import { SavedCardsChoice, WALLET_INTENT } from '../features/checkout/components/saved-cards-choice.tsx';
import { StcPayChoice } from '../features/checkout/components/stcpay-choice.tsx';
import { formatPrice } from '../lib/format.ts';
import { useLang } from '../lib/use-lang.ts';
import { paymentView } from '../features/checkout/order-payment.ts';
import {
  payLaterMethods,
  type ActionResult,
  type ErrorCode,
  type Ok,
  type PayLaterMethod,
  type StoreData,
} from '@shop/contract';
import { formDone, formError, readForm, refusalFormError } from '../lib/form-action.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';

/** The browser goes on to the orders page 1.5 s after a confirmed payment. */
const REDIRECT_AFTER_MS = 1500;

/** The shopper's order, or the not-found page: someone else's order reads as missing. */
async function ownOrder(store: StoreData, orderId: string) {
  const order = await store.orderWithPayment(orderId);
  if (!order) throw data(null, { status: 404 });
  return order;
}

/**
 * The payment page of one order, read from the server every time: a reload, a second tab, the
 * back button or a bookmark show the same order, and say so when it is already paid or expired.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, order] = await Promise.all([serverT(requestLang(request)), ownOrder(store, params.orderId)]);
  return {
    seo: {
      title: t('checkout:title'),
      description: t('checkout:description'),
      path: `/payment/${order.invoiceId}`,
      noindex: true,
    },
    order,
    view: paymentView(order, Date.now()),
    /** The server's clock, so the minutes left read the same before and after hydration. */
    now: new Date().toISOString(),
  };
}

/** Why the order cannot be paid, as the shop refuses it, and how the page says it. */
const cannotPay: Partial<Record<ErrorCode, 'alreadyPaid' | 'cancelled' | 'expired'>> = {
  ORDER_ALREADY_PAID: 'alreadyPaid',
  ORDER_ALREADY_CANCELLED: 'cancelled',
  ORDER_EXPIRED: 'expired',
  ORDER_NOT_PAYABLE: 'expired',
  PAYMENT_SANDBOX_DISABLED: 'expired',
};

/**
 * Pay with Tabby or Tamara: the session is opened and the browser sent to the provider's page
 * (a document redirect: it is another site, or the simulator's page outside the storefront).
 * The provider's refusal before its page is said next to its choice, the card form staying; an
 * order that cannot be paid any more reads as for the card.
 */
async function payLater(
  store: StoreData,
  method: PayLaterMethod,
  orderId: string,
  t: (key: string) => string,
) {
  const started = await store.payLater(method, orderId);
  if (started.ok) return redirectDocument(started.value.redirectUrl);
  if (started.error.code === 'ORDER_NOT_FOUND') throw data(null, { status: 404 });
  const refusal = cannotPay[started.error.code as ErrorCode];
  if (refusal) return formError({ message: t(`checkout:${refusal}`) });
  return data({ payLaterRefused: { method, message: started.error.message } });
}

/**
 * The answer to a payment the shop made and verified (a card, a saved card, Apple Pay, STC Pay's
 * code): the order is paid and the browser goes on to the orders page, or to the bank's 3-D
 * Secure page (another site: a document redirect). Refused: why, in our language; an order that
 * cannot be paid any more reads as for the card; a refusal at a field (STC Pay's code) stays at it.
 */
function paidAnswer(
  request: Request,
  paid: ActionResult<Ok & { redirectTo: string }>,
  t: (key: string) => string,
) {
  if (paid.ok) {
    if (paid.value.code === 'PAYMENT_BANK_CHECK') return redirectDocument(paid.value.redirectTo);
    return formDone(request, { done: paid.value.message, redirectTo: paid.value.redirectTo });
  }
  if (paid.error.code === 'ORDER_NOT_FOUND') throw data(null, { status: 404 });
  const refusal = cannotPay[paid.error.code as ErrorCode];
  if (refusal) return formError({ message: t(`checkout:${refusal}`) });
  if (paid.error.fields?.length) return formError(refusalFormError(paid));
  // Failed or not, only the shop's verification decides, and says why in our language.
  return formError({ message: paid.error.message || t('checkout:failedUnknown'), refused: true });
}

/**
 * STC Pay's first step: once STC Pay sent its code the page is loaded again and asks for it
 * (post-redirect-get); a number that is not a Saudi mobile is said at its field, kept as typed.
 */
async function startStcPay(request: Request, store: StoreData, orderId: string, mobile: string) {
  const started = await store.startStcPay(orderId, mobile);
  if (started.ok) return redirect(localizePath(`/payment/${orderId}`, requestLang(request)));
  if (started.error.code === 'ORDER_NOT_FOUND') throw data(null, { status: 404 });
  return data<FormAnswer & { typedMobile: string }>({
    error: refusalFormError(started),
    typedMobile: mobile,
  });
}

/**
 * Pay with Tabby or Tamara (above); with the sandbox card (checked here, then paid and verified by the
 * shop: only the verification makes the order paid); with a saved card, STC Pay or the
 * sandbox's Apple Pay (paid from the shop's server, then verified the same way); or place the
 * order again with the same delivery details after a failed or expired payment. All through the
 * load context; someone else's order is not found.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { store } = await requireUser(request, context);
  const lang = requestLang(request);
  const [t, posted] = await Promise.all([serverT(lang), readForm(request)]);
  const { intent } = posted.values;
  if (intent === PAYMENT_INTENT.retry) {
    const placed = await store.placeOrderAgain(params.orderId);
    if (placed.ok) return redirect(localizePath(`/payment/${placed.value.invoiceId}`, lang));
    if (placed.status === 404) throw data(null, { status: 404 });
    return formError({ ...refusalFormError(placed), refused: true });
  }
  const later = payLaterMethods.find((method) => intent === PAY_LATER_INTENTS[method]);
  if (later) return payLater(store, later, params.orderId, t);
  if (intent === WALLET_INTENT.savedCard)
    return paidAnswer(request, await store.payWithSavedCard(params.orderId, posted.values.cardId ?? ''), t);
  if (intent === WALLET_INTENT.stcpayStart)
    return startStcPay(request, store, params.orderId, posted.values.mobile ?? '');
  if (intent === WALLET_INTENT.stcpayConfirm)
    return paidAnswer(request, await store.confirmStcPay(params.orderId, posted.values.otp ?? ''), t);
  if (intent === WALLET_INTENT.applePay)
    return paidAnswer(request, await store.payWithSandboxApplePay(params.orderId), t);
  if (intent !== PAYMENT_INTENT.pay) throw data(null, { status: 400 });
  const read = readCard(posted.values);
  if ('field' in read) return formError({ field: read.field, message: t(`checkout:${read.messageKey}`) });
  return paidAnswer(request, await store.payWithSandboxCard(params.orderId, read.card), t);
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

const primary =
  'inline-flex h-12 items-center rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong';
const secondary = 'inline-flex h-12 items-center rounded-full border border-line px-6';

/**
 * The order as the server priced it and its card form (Moyasar's, or the sandbox's). Success is
 * announced only after the server confirmed the payment with the provider: here for the
 * sandbox (its action verifies), on the orders page for Moyasar, whose form sends the browser
 * to the callback URL, where the page's loader verifies before anything is said.
 */
export default function PaymentOrderPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('checkout');
  const { order, view } = loaderData;
  const answered = useActionData<typeof action>();
  const refused = answered && 'payLaterRefused' in answered ? answered.payLaterRefused : undefined;
  const posted = answered && 'payLaterRefused' in answered ? undefined : answered;
  const typedMobile =
    answered && 'typedMobile' in answered && typeof answered.typedMobile === 'string'
      ? answered.typedMobile
      : undefined;
  const { lang } = useLang();
  const pay = useActionForm({ serverAnswer: posted, quiet: true, redirectAfterMs: REDIRECT_AFTER_MS });
  const answer = pay.answer;

  const tryAgain = (
    <Form method="post">
      <input type="hidden" name="intent" value={PAYMENT_INTENT.retry} />
      <button type="submit" className={primary}>
        {t('tryAgain')}
      </button>
    </Form>
  );
  const backToCart = (
    <ShopLink to="/cart" className={secondary}>
      {t('backToCart')}
    </ShopLink>
  );

  let body;
  if (answer?.done !== undefined) {
    body = (
      <div role="status" className="rounded-2xl bg-emerald-50 p-6 text-emerald-900">
        <p className="text-lg font-bold">{answer.done}</p>
        <p className="mt-1 text-sm">{t('redirecting')}</p>
      </div>
    );
  } else if ((answer?.error && !answer.error.field) || view === 'failed') {
    body = (
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-red-50 p-6 text-red-900">
        <p role="alert" className="text-lg font-bold">
          {answer?.error?.message ?? t('failedUnknown')}
        </p>
        <p className="text-sm">{t('cartKept')}</p>
        <div className="flex flex-wrap gap-3">
          {tryAgain}
          {backToCart}
        </div>
      </div>
    );
  } else if (view === 'paid') {
    body = (
      <div
        role="status"
        className="flex flex-col items-start gap-4 rounded-2xl bg-emerald-50 p-6 text-emerald-900"
      >
        <p className="text-lg font-bold">{t('alreadyPaid')}</p>
        <ShopLink to={`/order/details/${order.invoiceId}`} className={secondary}>
          {t('viewOrder')}
        </ShopLink>
      </div>
    );
  } else if (view === 'expired' || view === 'cancelled' || !order.payment) {
    body = (
      <div className="flex flex-col items-start gap-4 rounded-2xl bg-amber-50 p-6 text-amber-950">
        <p role="alert" className="text-lg font-bold">
          {t(view === 'cancelled' ? 'cancelled' : 'expired')}
        </p>
        <div className="flex flex-wrap gap-3">
          {tryAgain}
          {backToCart}
        </div>
      </div>
    );
  } else {
    body = (
      <div className="flex flex-col gap-4">
        <p className="text-sm text-muted">
          {t('payWithin', {
            minutes: Math.max(
              1,
              Math.round((Date.parse(order.expiresAt) - Date.parse(loaderData.now)) / 60_000),
            ),
          })}
        </p>
        {order.payment.card && loaderData.order.savedCards.length > 0 && (
          <SavedCardsChoice
            cards={loaderData.order.savedCards}
            form={pay}
            amountLabel={formatPrice(order.totals.total, lang)}
          />
        )}
        {order.payment.sandbox && order.payment.applepay && <SandboxApplePay form={pay} />}
        {order.payment.stcpay && (
          <StcPayChoice codeSent={loaderData.order.stcpayCodeSent} form={pay} typedMobile={typedMobile} />
        )}
        {payLaterMethods
          .filter((method) => order.payment?.[method])
          .map((method) => (
            <PayLaterChoice
              key={method}
              method={method}
              amountHalalas={order.payment!.amount}
              refused={refused?.method === method ? refused.message : undefined}
            />
          ))}
        {/* Moyasar's form carries Apple Pay too: it stays while either is offered. */}
        {order.payment.sandbox
          ? order.payment.card && <SandboxCardForm amountSar={order.totals.total} form={pay} />
          : order.payment.methods.length > 0 && <MoyasarCardForm payment={order.payment} />}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold">{t('title')}</h1>
      {/* grid-cols-1 (not an auto track): a long product name is cut in the summary, and the
          test cards' lines wrap, instead of widening the page on a phone. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_24rem] lg:items-start">
        {body}
        <OrderSummary order={order} />
      </div>
    </div>
  );
}
