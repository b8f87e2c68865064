import {
  applyDiscountCodeSchema,
  errorMessage,
  type Address,
  type Cart,
  type Lang,
  type StoreData,
  cartLineCountParams,
  cartLineParams,
  placeOrderFormSchema,
} from '@shop/contract';
import { z } from 'zod';
import { useMemo } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { data, Link, redirect, useActionData, useRevalidator } from 'react-router';
import type { Route } from './+types/cart';
import { Icon } from '../components/ui/icon.tsx';
import { PageNotice } from '../components/ui/page-notice.tsx';
import { takeNotice } from '../lib/notice.server.ts';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AddressForm } from '../features/addresses/components/address-form.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { CartLines } from '../features/cart/components/cart-lines.tsx';
import { CartSummaryPanel } from '../features/cart/components/cart-summary.tsx';
import { PayLaterLine } from '../features/checkout/components/pay-later-offer.tsx';
import { DiscountCodeForm } from '../features/cart/components/discount-code-form.tsx';
import {
  CHECKOUT_DIALOG,
  CheckoutDialog,
  type CheckoutAnswer,
} from '../features/cart/components/checkout-dialog.tsx';
import { DIALOG_PARAM, useDialogLink } from '../lib/dialog-link.ts';
import type { FormAnswer } from '../lib/form-answer.ts';
import { CART_INTENT } from '../features/cart/intents.ts';
import {
  answerForm,
  formError,
  isDocumentRequest,
  readForm,
  submitAction,
} from '../lib/form-action.server.ts';
import { localizePath } from '../lib/lang.ts';
import { cartSummary } from '../features/cart/summary.ts';
import { useCartLines } from '../features/cart/use-cart-lines.ts';
import { serverT } from '../lib/i18n.server.ts';
import { useRootData } from '../lib/root-data.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { PageMainData, ShopperSlot } from '../features/shell/components/shopper-slot.tsx';
import {
  sameForEveryShopper,
  usePageMain,
  type ShopperMain,
  type ShopperMainContext,
} from '../lib/shared-page.ts';

/**
 * Why a payment with Tabby or Tamara did not pay the order, when the provider's page sent the
 * shopper back here (`?payment=`, the API's return): said kindly, with the card offered; the
 * cart was kept.
 */
function paymentOutcome(request: Request, lang: Lang, t: (key: string) => string): string | null {
  const code = new URL(request.url).searchParams.get('payment');
  if (code === 'TABBY_REJECTED' || code === 'TAMARA_REJECTED' || code === 'ORDER_ALREADY_PAID')
    return errorMessage(code, lang);
  if (code === 'ORDER_EXPIRED' || code === 'PAYMENT_AMOUNT_MISMATCH') return t('cart:payLaterNotDone');
  return null;
}

/**
 * The cart page's own part: the shopper's cart, the map's tiles, and their addresses when the
 * checkout dialog is open (`?dialog=checkout`: its address loads them, see `useDialogLink`).
 */
interface CartMainData {
  cart: Cart;
  addresses: Address[] | null;
  tileUrl: string;
}

async function readCartMain(
  store: StoreData,
  context: ShopperMainContext,
  withAddresses = false,
): Promise<CartMainData> {
  const [cart, addresses] = await Promise.all([
    store
      .cart()
      .then((found) => found ?? { cartProduct: [], cartTotalNumberOfProduct: 0, cartTotalPrice: 0 }),
    withAddresses ? store.addresses().then((list) => list ?? []) : null,
  ]);
  return { cart, addresses, tileUrl: context.mapTileUrl };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const lang = requestLang(request);
  const t = await serverT(lang);
  const seo = { title: t('cart:title'), description: t('cart:description'), path: '/cart', noindex: true };
  // The page every signed-in shopper's cart is put together from: their part is written in.
  if (context.sharedWithShoppers)
    return data({ seo, main: null as CartMainData | null, notice: undefined, paymentOutcome: null });
  const { store } = await requireUser(request, context);
  const dialog = new URL(request.url).searchParams.get(DIALOG_PARAM);
  const main = await readCartMain(store, context, dialog === CHECKOUT_DIALOG);
  // The answer to a line removed without JavaScript, left by the post that redirected here.
  const pending = takeNotice(request);
  return data(
    { seo, main, notice: pending.notice, paymentOutcome: paymentOutcome(request, lang, t) },
    { headers: pending.headers },
  );
}

/**
 * The cart page's forms: a line's new quantity, a line's removal, and Confirm order, which
 * places the order from the cart, delivered to the chosen address, and goes to its payment
 * page. Each is checked with the contract's schema and made through the load context; the
 * page's data (and the header badge) is read again after each.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { store } = await requireUser(request, context);
  const lang = requestLang(request);
  const posted = await readForm(request);
  const here = localizePath('/cart', lang);
  switch (posted.values.intent) {
    case CART_INTENT.count: {
      const result = await submitAction(
        request,
        { schema: cartLineCountParams, run: (line) => store.setCartLineCount(line.carId, line.count) },
        posted,
      );
      if (!result.ok) return formError(result.error);
      // The new count is the answer: no toast for a quantity step.
      return isDocumentRequest(request) ? redirect(here) : data({});
    }
    case CART_INTENT.remove: {
      const result = await submitAction(
        request,
        { schema: cartLineParams, run: (line) => store.removeCartLine(line.carId) },
        posted,
      );
      return answerForm(request, result, { back: here });
    }
    case CART_INTENT.applyCode: {
      const result = await submitAction(
        request,
        {
          schema: applyDiscountCodeSchema,
          errorField: 'code',
          run: (input) => store.applyDiscountCode(input.code),
        },
        posted,
      );
      return answerForm(request, result, { back: here, extra: { codeForm: true } });
    }
    case CART_INTENT.removeCode: {
      const result = await submitAction(
        request,
        { schema: z.object({}), run: () => store.removeDiscountCode() },
        posted,
      );
      return answerForm(request, result, { back: here });
    }
    case CART_INTENT.checkout: {
      const t = await serverT(lang);
      const result = await submitAction(
        request,
        {
          schema: placeOrderFormSchema,
          // The order's note falls back to a placeholder text when left empty.
          run: (input) => store.placeOrder({ ...input, note: input.note || t('cart:defaultNote') }),
        },
        posted,
      );
      // The refused address comes back with the error: the dialog offers to complete it.
      if (!result.ok)
        return data<CheckoutAnswer>({ error: result.error, addressId: posted.values.addressId });
      return redirect(localizePath(`/payment/${result.answer.invoiceId}`, lang));
    }
    default:
      throw data(null, { status: 400 });
  }
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export const handle = sameForEveryShopper;

/**
 * The cart: its lines, the discount code, the summary and Confirm order with its dialog. All of
 * it is the shopper's own, so a signed-in shopper's cart page is the page every shopper gets
 * with this part rendered for them (`shopperMain`).
 */
function CartMain({ data: { cart, addresses, tileUrl } }: { data: CartMainData }) {
  const { t } = useTranslation('cart');
  const revalidator = useRevalidator();
  const settings = useRootData()?.settings;
  const { lines, kept } = useCartLines(cart.cartProduct);
  const summary = useMemo(
    () => cartSummary(kept, settings?.shippingFee ?? 0, settings?.freeShippingFrom, cart.discountCode),
    [kept, settings, cart.discountCode],
  );
  const checkout = useDialogLink(CHECKOUT_DIALOG, { loaded: true });
  const posted = useActionData<typeof action>();

  const continueShopping = (
    <ShopLink
      to="/"
      className="inline-flex h-12 items-center justify-center gap-2 rounded-full border border-line px-6 font-semibold hover:border-primary"
    >
      <Icon name="chevronStart" className="size-5 rtl:-scale-x-100" />
      {t('continueShopping')}
    </ShopLink>
  );

  return (
    <>
      <div className="mb-6 flex items-center gap-4">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {/* A spinner with loading text while the cart reloads. */}
        {revalidator.state === 'loading' && (
          <span role="status" className="inline-flex items-center gap-2 text-sm text-muted">
            <Spinner />
            {t('loading')}
          </span>
        )}
      </div>
      {lines.length === 0 ? (
        <div className="flex flex-col items-center gap-6 rounded-2xl bg-surface px-4 py-16 text-center">
          <Icon name="cart" className="size-12 text-muted" />
          <p className="text-lg font-semibold">{t('empty')}</p>
          {continueShopping}
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          <CartLines
            lines={lines}
            codeDiscounts={
              new Map(
                cart.discountCode?.valid ? cart.discountCode.lines.map((l) => [l.carId, l.discount]) : [],
              )
            }
          />
          <section
            aria-labelledby="cart-summary-title"
            className="flex flex-col gap-5 rounded-2xl border border-line p-5 lg:sticky lg:top-28"
          >
            <h2 id="cart-summary-title" className="text-lg font-bold">
              {t('summary')}
            </h2>
            <DiscountCodeForm
              discount={cart.discountCode}
              serverAnswer={posted && 'codeForm' in posted ? (posted as FormAnswer) : undefined}
            />
            <CartSummaryPanel summary={summary} />
            <PayLaterLine totalSar={summary.total} />
            <Link
              {...checkout.trigger}
              preventScrollReset
              className="inline-flex h-12 items-center justify-center rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong"
            >
              {t('confirmOrder')}
            </Link>
            {continueShopping}
          </section>
        </div>
      )}
      {addresses && (
        <CheckoutDialog
          dialog={checkout}
          serverAnswer={checkout.open ? posted : undefined}
          addresses={addresses}
          nationalRequired={settings?.nationalAddressRequired ?? true}
          renderAddForm={(onSaved) => (
            <AddressForm
              showDetails={settings?.showAddressDetails ?? false}
              tileUrl={tileUrl}
              onSaved={onSaved}
            />
          )}
          renderCompleteForm={(address) => (
            <AddressForm
              address={address}
              showDetails={settings?.showAddressDetails ?? false}
              tileUrl={tileUrl}
              onSaved={() => undefined}
            />
          )}
        />
      )}
      <PageMainData data={{ cart, addresses, tileUrl }} />
    </>
  );
}

export const shopperMain: ShopperMain<CartMainData> = { read: readCartMain, Component: CartMain };

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const main = usePageMain(loaderData.main);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      {loaderData.notice && <PageNotice notice={loaderData.notice} />}
      {loaderData.paymentOutcome && (
        <p role="alert" className="mb-6 rounded-2xl bg-amber-50 p-4 font-semibold text-amber-950">
          {loaderData.paymentOutcome}
        </p>
      )}
      <ShopperSlot name="main">{main && <CartMain data={main} />}</ShopperSlot>
    </div>
  );
}
