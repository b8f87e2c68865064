import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';

/** Shown only to a logged-in shopper (visitors have no cart), with the item count as a badge. */
export function CartLink({ count }: { count: number }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  return (
    <ShopLink
      to="/cart"
      aria-label={t('header.cartWithCount', { count })}
      className="relative inline-flex size-10 items-center justify-center rounded-full hover:bg-surface"
    >
      <Icon name="cart" className="size-6" />
      {count > 0 && (
        <span
          aria-hidden="true"
          className="absolute -end-0.5 -top-0.5 min-w-5 rounded-full bg-sale px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {formatNumber(count, lang)}
        </span>
      )}
    </ShopLink>
  );
}
