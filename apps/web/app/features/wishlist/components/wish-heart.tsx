import { useLocation } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { useActionForm } from '../../../lib/form-answer.ts';
import { useShopper } from '../../../lib/shopper.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { VARIANT_PARAM } from '../../catalog/variants.ts';
import { BACK_FIELD, heartAnchor, WISHLIST_PATH, wishlistIntents } from '../intents.ts';
import { ShopperSlot } from '../../shell/components/shopper-slot.tsx';

/**
 * The heart of a product card or page: a form posted to the wishlist page's action, which keeps
 * the product or lets it go. It is drawn filled from the signed-in shopper's marks (read with
 * their session, never by the page itself), so a visitor's page is the same for everyone and
 * stays cached; a visitor who presses it is sent to sign in, and the product is kept for them.
 * It is a corner of the page (`ShopperSlot`): a signed-in shopper is sent the page every visitor
 * gets with the hearts of their wished products turned over (`wishedHeart`).
 * Hydrated, it toggles in place (the page and its scroll stay); on a page that is not hydrated,
 * its script does the same (static-page.client.js); without JavaScript, the post comes back to
 * this page at this heart.
 */
export function WishHeart({
  productId,
  name,
  sku,
  className = 'relative',
}: {
  productId: number;
  /** The product's name, for the button's label. */
  name: string;
  /** The variant chosen on the product page. */
  sku?: string;
  /** Where it sits (it stays above a card's whole-card link): `relative` in the flow, or absolute. */
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const { localize } = useLang();
  const { pathname, search } = useLocation();
  const wished = useShopper()?.wished.includes(productId) ?? false;
  const { Form, fetcher, busy } = useActionForm({ refusalTone: 'warning' });
  // While the post is on its way, the heart already shows what it asked for.
  const asked = fetcher.formData?.get('intent');
  const filled = asked === undefined || asked === null ? wished : asked === wishlistIntents.wish;
  return (
    <ShopperSlot name={`wish-${productId}`}>
      <Form
        method="post"
        action={localize(WISHLIST_PATH)}
        id={heartAnchor(productId)}
        data-wish-heart=""

        className={`z-10 ${className}`}
      >
        <input type="hidden" name="intent" value={filled ? wishlistIntents.unwish : wishlistIntents.wish} />
        <input type="hidden" name="productId" value={productId} />
        {sku !== undefined && <input type="hidden" name={VARIANT_PARAM} value={sku} />}
        <input type="hidden" name={BACK_FIELD} value={`${pathname}${search}`} />
        <button
          type="submit"
          aria-pressed={filled}
          aria-busy={busy}
          aria-label={t(filled ? 'wish.remove' : 'wish.add', { name })}
          title={t(filled ? 'wish.remove' : 'wish.add', { name })}
          data-label-wish={t('wish.add', { name })}
          data-label-unwish={t('wish.remove', { name })}
          className="inline-flex size-10 items-center justify-center rounded-full border border-line bg-white text-ink shadow-sm hover:border-sale hover:text-sale aria-pressed:border-sale aria-pressed:text-sale"
        >
          <Icon name="heart" className="size-5" fill={filled ? 'currentColor' : 'none'} />
        </button>
      </Form>
    </ShopperSlot>
  );
}

/**
 * The heart of a wished product, made from the same heart as every visitor's page has it (not
 * wished): the form now asks to let the product go, the button is pressed, says so, and its
 * icon is filled. What the shop sends a signed-in shopper is tested to be exactly what this
 * component renders for them.
 */
export function wishedHeart(html: string): string {
  const unwishLabel = /data-label-unwish="([^"]*)"/.exec(html)?.[1];
  if (unwishLabel === undefined) return html;
  return html
    .replace(
      `name="intent" value="${wishlistIntents.wish}"`,
      `name="intent" value="${wishlistIntents.unwish}"`,
    )
    .replace('aria-pressed="false"', 'aria-pressed="true"')
    .replace(/aria-label="[^"]*"/, () => `aria-label="${unwishLabel}"`)
    .replace(/title="[^"]*"/, () => `title="${unwishLabel}"`)
    .replace(/(<svg\b[^>]*?)\bfill="none"/, '$1fill="currentColor"');
}
