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
  soldOut,
}: {
  productId: number;
  /** The chosen variant's SKU (a product sold by options). */
  sku?: string;
  /** The chosen variant has no stock: the button asks to be told when it is back instead. */
  soldOut: boolean;
}) {
  const { t } = useTranslation('catalog');
  const { localize } = useLang();
  const { Form, busy } = useActionForm({ refusalTone: 'warning' });
  return (
    <Form method="post" action={localize(`/product/${productId}`)}>
      <input type="hidden" name="intent" value={soldOut ? NOTIFY_WHEN_BACK_INTENT : ADD_TO_CART_INTENT} />
      {sku !== undefined && <input type="hidden" name={VARIANT_PARAM} value={sku} />}
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className={`inline-flex h-12 w-full items-center justify-center gap-2 rounded-full px-8 text-base font-semibold ${
          soldOut
            ? 'border-2 border-primary text-primary hover:bg-primary/5'
            : 'bg-primary text-primary-ink hover:bg-primary-strong'
        }`}
      >
        <Icon name={soldOut ? 'bell' : 'cart'} />
        {soldOut ? t('product.notifyWhenBack') : busy ? t('product.adding') : t('product.addToCart')}
      </button>
    </Form>
  );
}
