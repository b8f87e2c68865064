import type { Product } from '@shop/contract';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { DiscountBadge, PriceTag } from './price-tag.tsx';
import { ProductImage } from './product-image.tsx';

/** Best offers: four large image cards. */
export function OfferCards({ products }: { products: Product[] }) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {products.slice(0, 4).map((product) => (
        <li key={product.productId}>
          <article className="relative flex h-full flex-col overflow-hidden rounded-2xl bg-gradient-to-b from-surface to-white ring-1 ring-line transition-shadow hover:shadow-md">
            <div className="relative aspect-[4/3] p-6">
              <ProductImage
                src={product.productImage}
                alt={product.productName}
                width={400}
                height={300}
                className="size-full bg-transparent mix-blend-multiply"
              />
              <DiscountBadge product={product} className="absolute start-4 top-4" />
            </div>
            <div className="flex flex-1 flex-col gap-2 p-5 pt-0">
              <h3 className="line-clamp-2 font-semibold">
                <ShopLink to={`/product/${product.productId}`} className="after:absolute after:inset-0">
                  {product.productName}
                </ShopLink>
              </h3>
              <div className="mt-auto">
                <PriceTag product={product} />
              </div>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
