import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * "Compare": a plain link to the comparison page, which adds the product to the list it keeps
 * (in its address, and in a cookie for the next product), so it works without JavaScript.
 */
export function CompareLink({
  productId,
  name,
  className = '',
}: {
  productId: number;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  return (
    <ShopLink
      to={`/compare?add=${productId}`}
      rel="nofollow"
      aria-label={t('product.compareLabel', { name })}
      className={`inline-flex items-center justify-center gap-1 rounded-full border border-line bg-white font-semibold text-ink hover:border-primary hover:text-primary ${className}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-4"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M7 4v16M17 4v16M3 8h8M13 16h8" strokeLinecap="round" />
      </svg>
      {t('product.compare')}
    </ShopLink>
  );
}
