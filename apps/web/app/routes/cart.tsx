import { useMemo, useState } from 'react';
import { useTranslation } from '../lib/use-translation.ts';
import { useNavigate, useRevalidator } from 'react-router';
import type { Route } from './+types/cart';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { AddressForm } from '../features/addresses/components/address-form.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { CartLines } from '../features/cart/components/cart-lines.tsx';
import { CartSummaryPanel } from '../features/cart/components/cart-summary.tsx';
import { CheckoutDialog } from '../features/cart/components/checkout-dialog.tsx';
import { paymentState } from '../features/cart/payment-state.ts';
import { cartSummary } from '../features/cart/summary.ts';
import { useCartLines } from '../features/cart/use-cart-lines.ts';
import { serverT } from '../lib/i18n.server.ts';
import { useRootData } from '../lib/root-data.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, store } = await requireUser(request, context);
  const [t, cart, addresses] = await Promise.all([
    serverT(requestLang(request)),
    store
      .cart()
      .then((found) => found ?? { cartProduct: [], cartTotalNumberOfProduct: 0, cartTotalPrice: 0 }),
    store.addresses().then((list) => list ?? []),
  ]);
  return {
    seo: { title: t('cart:title'), description: t('cart:description'), path: '/cart', noindex: true },
    userId: user.userId,
    cart,
    addresses,
    tileUrl: context.mapTileUrl,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('cart');
  const { lang, localize } = useLang();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const settings = useRootData()?.settings;
  const { lines, setCount, remove } = useCartLines(loaderData.cart.cartProduct);
  const summary = useMemo(() => cartSummary(lines, settings?.shippingFee ?? 0), [lines, settings]);
  const [checkingOut, setCheckingOut] = useState(false);

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
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex items-center gap-4">
        <h1 className="text-2xl font-bold">{t('title')}</h1>
        {/* Spec §2: a spinner with loading text while the cart reloads. */}
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
          <CartLines lines={lines} onCount={setCount} onRemove={remove} />
          <section
            aria-labelledby="cart-summary-title"
            className="flex flex-col gap-5 rounded-2xl border border-line p-5 lg:sticky lg:top-28"
          >
            <h2 id="cart-summary-title" className="text-lg font-bold">
              {t('summary')}
            </h2>
            <CartSummaryPanel summary={summary} />
            <button
              type="button"
              onClick={() => setCheckingOut(true)}
              className="h-12 rounded-full bg-primary px-6 font-semibold text-primary-ink hover:bg-primary-strong"
            >
              {t('confirmOrder')}
            </button>
            {continueShopping}
          </section>
        </div>
      )}
      <CheckoutDialog
        open={checkingOut}
        onOpenChange={setCheckingOut}
        addresses={loaderData.addresses}
        renderAddForm={(onSaved) => (
          <AddressForm
            showDetails={settings?.showAddressDetails ?? false}
            tileUrl={loaderData.tileUrl}
            onSaved={(address) => {
              // Spec §2: outside its own page, a saved address reloads the list.
              void revalidator.revalidate().then(() => onSaved(address));
            }}
          />
        )}
        onNext={(address, note) =>
          void navigate(localize('/payment'), {
            state: paymentState({
              amount: summary.total,
              userId: loaderData.userId,
              address,
              note,
              defaultNote: t('defaultNote'),
              productIds: lines.map((line) => line.productId),
              lang,
            }),
          })
        }
      />
    </div>
  );
}
