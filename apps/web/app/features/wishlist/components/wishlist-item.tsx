import type { WishlistItem } from '@shop/contract';
import type { useActionForm } from '../../../lib/form-answer.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { VariantNote } from '../../../components/ui/variant-note.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DiscountBadge, PriceTag } from '../../catalog/components/price-tag.tsx';
import { ProductImage } from '../../catalog/components/product-image.tsx';
import { VARIANT_PARAM } from '../../catalog/variants.ts';
import { WISHLIST_PATH, wishlistIntents, type WishlistIntent } from '../intents.ts';

type PageForm = ReturnType<typeof useActionForm>['Form'];

/**
 * One wished product as it is for sale now: image, name (a link to its page, with the variant
 * chosen there), price with its offer, stock, and its two buttons, each a form to the wishlist
 * page's action. A sold-out product says so and cannot be moved to the cart.
 */
export function WishlistItemCard({ item, Form }: { item: WishlistItem; Form: PageForm }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('catalog');
  const { localize } = useLang();
  const soldOut = item.productStock === 0;
  const link =
    `/product/${item.productId}` +
    (item.variantId === undefined ? '' : `?${VARIANT_PARAM}=${encodeURIComponent(item.sku)}`);
  const price = {
    productPrice: item.productPriceBeforeOffer ?? item.productPrice,
    productPriceAfterOffer: item.productPriceBeforeOffer === undefined ? undefined : item.productPrice,
  };
  const button = (intent: WishlistIntent, label: string, className: string, disabled = false) => (
    <Form method="post" action={localize(WISHLIST_PATH)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={item.productId} />
      <button
        type="submit"
        disabled={disabled}
        aria-label={`${label}: ${item.productName}`}
        className={`inline-flex h-10 w-full items-center justify-center gap-2 rounded-full px-3 text-sm font-semibold whitespace-nowrap disabled:cursor-not-allowed ${className}`}
      >
        <Icon name={intent === wishlistIntents.move ? 'cart' : 'trash'} className="size-4" />
        {label}
      </button>
    </Form>
  );
  return (
    <article className="grid h-full grid-cols-[6rem_1fr] content-start gap-x-4 gap-y-3 rounded-2xl border border-line bg-white p-4">
      <ShopLink to={link} className="relative" tabIndex={-1} aria-hidden="true">
        <ProductImage
          src={item.productImage}
          alt=""
          width={96}
          height={96}
          className="size-24 rounded-xl mix-blend-multiply"
        />
        <DiscountBadge product={price} className="absolute -top-2 -start-2" />
      </ShopLink>
      <div className="flex min-w-0 flex-col gap-1">
        <h2 className="line-clamp-2 text-sm leading-5 font-semibold">
          <ShopLink to={link} className="hover:text-primary hover:underline">
            {item.productName}
          </ShopLink>
        </h2>
        {item.variantId !== undefined && <VariantNote options={item.options} sku={item.sku} />}
        <PriceTag product={price} />
        <p className={`text-xs font-medium ${soldOut ? 'text-sale' : 'text-emerald-700'}`}>
          {soldOut ? tc('product.outOfStock') : tc('product.inStock')}
        </p>
      </div>
      {/* Under the image and the text, across the card: room for both labels on a phone. */}
      <div className="col-span-2 grid grid-cols-2 gap-2">
        {button(
          wishlistIntents.move,
          t('wishlist.moveToCart'),
          'bg-primary text-primary-ink hover:bg-primary-strong disabled:bg-muted/40 disabled:text-white',
          soldOut,
        )}
        {button(
          wishlistIntents.unwish,
          t('wishlist.remove'),
          'border border-line bg-white text-ink hover:border-sale hover:text-sale',
        )}
      </div>
    </article>
  );
}
