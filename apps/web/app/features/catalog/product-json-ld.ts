import type { ProductDetails } from '@shop/contract';
import { effectivePrice } from './pricing.ts';

/** schema.org Product with one SAR offer and the real availability, for search engines. */
export function productJsonLd(product: ProductDetails, { url, images }: { url: string; images: string[] }) {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.productName,
    description: product.productDescripition,
    image: images,
    sku: String(product.productId),
    category: product.categoryName,
    brand: { '@type': 'Brand', name: product.companyName },
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'SAR',
      price: effectivePrice(product).toFixed(2),
      availability: product.productStock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}
