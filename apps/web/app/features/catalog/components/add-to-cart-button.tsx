import { apiPaths } from '@shop/contract/constants';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRevalidator } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { ApiRequestError, browserApi } from '../../../lib/api.ts';
import { useRootData } from '../../../lib/root-data.ts';
import { notify } from '../../../lib/toast.ts';
import { useLang } from '../../../lib/use-lang.ts';

export const ADD_TO_CART_INTENT = 'add-to-cart';

/**
 * Spec §5: a visitor gets the 'Log in first' warning and nothing is sent. A shopper's add goes
 * to the cart API; the toast shows its message and the header badge is reloaded.
 */
export function AddToCartButton({ productId, disabled }: { productId: number; disabled: boolean }) {
  const { t } = useTranslation('catalog');
  const { t: tc } = useTranslation();
  const { lang, localize } = useLang();
  const shopper = useRootData()?.shopper ?? null;
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);

  const add = async () => {
    if (!shopper) {
      notify.warning(tc('loginFirst'));
      return;
    }
    setBusy(true);
    try {
      // The schemas come with the first add, not with every catalog page.
      const { cartInsertResponseSchema } = await import('@shop/contract');
      const answer = await browserApi(lang).post(apiPaths.cartInsert.build({}), cartInsertResponseSchema, {
        body: { productId, userId: shopper.userId },
      });
      notify.success(answer.message);
      await revalidator.revalidate();
    } catch (error) {
      notify.error(error instanceof ApiRequestError && error.body ? error.body.message : tc('error.message'));
    } finally {
      setBusy(false);
    }
  };

  // Not hydrated (the product page as the server sends it, decision 052) the form posts to
  // the product page's action, which does the same and shows the answer as a PageNotice.
  return (
    <form
      method="post"
      action={localize(`/product/${productId}`)}
      onSubmit={(event) => {
        event.preventDefault();
        void add();
      }}
    >
      <input type="hidden" name="intent" value={ADD_TO_CART_INTENT} />
      <button
        type="submit"
        disabled={disabled || busy}
        aria-busy={busy}
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-primary px-8 text-base font-semibold text-primary-ink hover:bg-primary-strong disabled:cursor-not-allowed disabled:bg-muted/50"
      >
        <Icon name="cart" />
        {busy ? t('product.adding') : t('product.addToCart')}
      </button>
    </form>
  );
}
