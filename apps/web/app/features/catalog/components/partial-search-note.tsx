import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * Said above search results when no product matched every word the shopper typed: the results
 * are the products matching the words named here, so the shopper sees which words counted.
 */
export function PartialSearchNote({ matched }: { matched: readonly string[] }) {
  const { t } = useTranslation('catalog');
  return (
    <p className="mb-4 rounded-md border border-line bg-surface px-3 py-2 text-sm">
      {t('products.partial', { words: matched.join(' ') })}
    </p>
  );
}
