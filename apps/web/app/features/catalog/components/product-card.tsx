import type { Product } from '@shop/contract';
import { formatAverage, formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { CompareButton } from './compare-button.tsx';
import { DiscountBadge, FromPrice, PriceTag } from './price-tag.tsx';
import { Swatches } from './swatches.tsx';
import { ProductImage } from './product-image.tsx';
import { WishHeart } from '../../wishlist/components/wish-heart.tsx';

export function ProductCard({
  product,
  eager = false,
  headingLevel = 3,
}: {
  product: Product;
  eager?: boolean;
  /** 2 on listing pages (under the h1), 3 under a home section's h2. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t } = useTranslation('catalog');
  const soldOut = product.productStock === 0;
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-line bg-white transition-shadow hover:shadow-md">
      <div className="relative aspect-square bg-surface p-4">
        <ProductImage
          src={product.productImage}
          alt={product.productName}
          width={320}
          height={320}
          loading={eager ? 'eager' : 'lazy'}
          className="size-full bg-transparent mix-blend-multiply"
        />
        <DiscountBadge product={product} className="absolute start-3 top-3" />
        <WishHeart
          productId={product.productId}
          name={product.productName}
          className="absolute end-3 top-3"
        />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <p className="text-xs text-muted">{product.companyName}</p>
        <Heading className="line-clamp-2 min-h-10 text-sm leading-5 font-semibold">
          <ShopLink to={`/product/${product.productId}`} className="after:absolute after:inset-0">
            {product.productName}
          </ShopLink>
        </Heading>
        {product.rating && <CardRating rating={product.rating} />}
        {product.swatches && <Swatches swatches={product.swatches} />}
        <div className="mt-auto pt-2">
          {product.productPriceFrom !== undefined ? (
            <FromPrice price={product.productPriceFrom} />
          ) : (
            <PriceTag product={product} />
          )}
          <p className={`text-xs font-medium ${soldOut ? 'text-sale' : 'text-emerald-700'}`}>
            {soldOut ? t('product.outOfStock') : t('product.inStock')}
          </p>
          <CompareButton
            productId={product.productId}
            name={product.productName}
            className="mt-2 h-9 px-3 text-xs"
          />
        </div>
      </div>
    </article>
  );
}

/**
 * A rated product's average and count on its card (★ 4.5 (12)), read out in words: the product
 * page shows the stars and the reviews themselves.
 */
function CardRating({ rating }: { rating: NonNullable<Product['rating']> }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  const average = formatAverage(rating.average);
  const count = t('reviews.count', { count: rating.count, number: formatNumber(rating.count, lang) });
  return (
    <p className="flex items-center gap-1 text-xs text-muted" data-testid="card-rating">
      <span aria-hidden="true" className="flex items-center gap-1">
        <span className="text-amber-500">★</span>
        <bdi className="font-semibold text-ink">{average}</bdi>
        <bdi>({formatNumber(rating.count, lang)})</bdi>
      </span>
      <span className="sr-only">
        {t('reviews.average', { average })} · {count}
      </span>
    </p>
  );
}
