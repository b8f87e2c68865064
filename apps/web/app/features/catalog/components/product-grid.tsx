import type { Product } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ProductCard } from './product-card.tsx';

/** `wide`: five columns on large screens, for the home lists of ten. */
export function ProductGrid({
  products,
  eagerCount = 4,
  wide = false,
  headingLevel = 3,
}: {
  products: Product[];
  eagerCount?: number;
  wide?: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('catalog');
  if (products.length === 0) {
    return <p className="rounded-2xl bg-surface p-10 text-center text-muted">{t('products.empty')}</p>;
  }
  return (
    <ul
      className={`grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 ${wide ? 'lg:grid-cols-4 xl:grid-cols-5' : 'xl:grid-cols-4'}`}
    >
      {products.map((product, index) => (
        <li key={product.productId}>
          <ProductCard product={product} eager={index < eagerCount} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
