import type { Product } from '@shop/contract';
import { Icon } from '../../../components/ui/icon.tsx';
import { formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { PriceRange } from '../api.ts';
import { priceFilterDefaults } from '../listing-params.ts';

/*
 * The price filter button's look, shared by the button drawn before the popover is loaded
 * (price-filter.tsx) and the popover's own trigger (price-filter-popover.tsx).
 */

export const isActive = (applied: PriceRange) =>
  applied.startprice !== undefined || applied.finishprice !== undefined;

export const priceTriggerClass = (active: boolean) =>
  `inline-flex h-11 items-center gap-2 rounded-full border px-4 text-sm font-semibold ${active ? 'border-primary text-primary' : 'border-line hover:border-primary'}`;

/** The price filter's button text: "Price", or the range applied. */
export function PriceFilterLabel({ products, applied }: { products: Product[]; applied: PriceRange }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  const defaults = priceFilterDefaults(products, applied);
  return (
    <>
      <Icon name="filter" className="size-4" />
      {isActive(applied)
        ? `${t('filter.price')}: ${t('filter.active', {
            min: formatPrice(applied.startprice ?? defaults.floor, lang),
            max: formatPrice(applied.finishprice ?? defaults.ceiling, lang),
          })}`
        : t('filter.price')}
      <Icon name="chevronDown" className="size-4" />
    </>
  );
}
