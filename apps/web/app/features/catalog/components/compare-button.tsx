import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * "Compare": a form that asks the comparison page for `?add=<id>` (a plain GET, so it works
 * without JavaScript and gives crawlers no link to follow). The page adds the product to the
 * list it keeps (in its address, and in a cookie for the next product).
 */
export function CompareButton({
  productId,
  name,
  className = '',
}: {
  productId: number;
  name: string;
  className?: string;
}) {
  const { t } = useTranslation('catalog');
  const { localize } = useLang();
  return (
    // Above a card's whole-card link, so it can be pressed on its own.
    <form method="get" action={localize('/compare')} className="relative z-10">
      <input type="hidden" name="add" value={productId} />
      <button
        type="submit"
        aria-label={t('product.compareLabel', { name })}
        className={`inline-flex w-full items-center justify-center gap-1 rounded-full border border-line bg-white font-semibold text-ink hover:border-primary hover:text-primary ${className}`}
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
      </button>
    </form>
  );
}
