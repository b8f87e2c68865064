import type { Product } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDateTime, formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { discountPercent, effectivePrice, isOnOffer } from '../pricing.ts';

type Priced = Pick<Product, 'productPrice' | 'productPriceAfterOffer' | 'promotion'>;

/**
 * The price to pay; with an offer, the original struck through (docs/requirements/rules.md,
 * Prices); under an automatic promotion, also its name and when it ends (Riyadh time).
 */
export function PriceTag({ product, size = 'md' }: { product: Priced; size?: 'md' | 'lg' }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  const price = effectivePrice(product);
  const tag = (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-bold text-ink ${size === 'lg' ? 'text-3xl' : 'text-lg'}`}>
        {formatPrice(price, lang)}
      </span>
      {isOnOffer(product) && (
        <s className={`text-muted ${size === 'lg' ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">{t('product.originalPrice', { price: '' })}</span>
          {formatPrice(product.productPrice, lang)}
        </s>
      )}
    </p>
  );
  if (!product.promotion) return tag;
  return (
    <div className="flex flex-col gap-0.5">
      {tag}
      <p className={`font-semibold text-sale ${size === 'lg' ? 'text-sm' : 'text-xs'}`}>
        {t('product.promotionEnds', {
          name: product.promotion.name,
          date: formatDateTime(product.promotion.endsAt, lang),
        })}
      </p>
    </div>
  );
}

/** A product sold by options at different prices: the lowest one a shopper pays. */
export function FromPrice({ price }: { price: number }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  return (
    <p className="text-lg font-bold text-ink">{t('product.from', { price: formatPrice(price, lang) })}</p>
  );
}

/** The discount badge: round((original − offer) ÷ original × 100) %. */
export function DiscountBadge({ product, className = '' }: { product: Priced; className?: string }) {
  const { t } = useTranslation('catalog');
  const percent = discountPercent(product.productPrice, product.productPriceAfterOffer);
  if (percent <= 0) return null;
  return (
    <span className={`rounded-full bg-sale px-2.5 py-1 text-xs font-bold text-white ${className}`}>
      {t('product.discount', { percent })}
    </span>
  );
}
