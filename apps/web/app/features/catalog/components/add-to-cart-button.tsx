import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { VARIANT_PARAM } from '../variants.ts';

export const ADD_TO_CART_INTENT = 'add-to-cart';
export const NOTIFY_WHEN_BACK_INTENT = 'notify-when-back';

/**
 * Add to cart, posted to the product page's action; for a sold-out variant, "Tell me when it is
 * back" in its place (one message when that variant has stock again). A visitor is told to log in first and
 * nothing is sent to the cart; a shopper's add goes to the cart API. Hydrated, the answer is a
 * toast and the header badge is read again; on the page as the server sends it (not hydrated)
 * the action comes back to the page with its answer as a notice.
 */
export function AddToCartButton({
  productId,
  sku,
  disabled,
}: {
  productId: number;
  /** The chosen variant's SKU (a product sold by options). */
  sku?: string;
  disabled: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { localize } = useLang();
  const { Form, busy } = useActionForm({ refusalTone: 'warning' });
  if (disabled) {
    return (
      <Form method="post" action={localize(`/product/${productId}`)}>
        <input type="hidden" name="intent" value={NOTIFY_WHEN_BACK_INTENT} />
        {sku !== undefined && <input type="hidden" name={VARIANT_PARAM} value={sku} />}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full border-2 border-primary px-8 text-base font-semibold text-primary hover:bg-primary/5"
        >
          <Icon name="bell" />
          {t('product.notifyWhenBack')}
        </button>
      </Form>
    );
  }
  return (
    <Form method="post" action={localize(`/product/${productId}`)}>
      <input type="hidden" name="intent" value={ADD_TO_CART_INTENT} />
      {sku !== undefined && <input type="hidden" name={VARIANT_PARAM} value={sku} />}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="inline-flex h-12 w-full items-center justify-center gap-2 rounded-full bg-primary px-8 text-base font-semibold text-primary-ink hover:bg-primary-strong disabled:cursor-not-allowed disabled:bg-muted/50"
      >
        <Icon name="cart" />
        {busy ? t('product.adding') : t('product.addToCart')}
      </button>
    </Form>
  );
}
