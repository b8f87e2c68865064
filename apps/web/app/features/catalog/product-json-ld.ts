import type { ProductDetails, ProductReviews, ProductVariant } from '@shop/contract';
import { effectivePrice } from './pricing.ts';
import { VARIANT_PARAM } from './variants.ts';

interface JsonLdContext {
  /** The product page's absolute address. */
  url: string;
  /** The product's images, absolute. */
  images: string[];
  /** An image path made absolute. */
  imageOf: (src: string) => string;
  /** The product's approved reviews, when read. */
  reviews?: ProductReviews | null | undefined;
}

/**
 * The average of the approved reviews and the newest few, for search engines' stars: only when
 * there is at least one approved review (an empty rating is not allowed by schema.org).
 */
function ratingOf(reviews: ProductReviews | null | undefined) {
  if (!reviews || reviews.summary.count === 0 || reviews.summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average.toFixed(1),
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.latest.map((review) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: review.author },
      datePublished: review.createdAt.slice(0, 10),
      ...(review.title && { name: review.title }),
      ...(review.body && { reviewBody: review.body }),
    })),
  };
}

/** schema.org's names of the properties a variant may vary by; others are named in the variant's name. */
const schemaProperty = (name: string) => {
  const n = name.toLowerCase();
  if (/colou?r|لون/.test(n)) return 'https://schema.org/color';
  if (/size|مقاس|حجم/.test(n)) return 'https://schema.org/size';
  return undefined;
};

function offer(variant: ProductVariant, url: string) {
  return {
    '@type': 'Offer',
    url,
    priceCurrency: 'SAR',
    price: effectivePrice({
      productPrice: variant.price,
      productPriceAfterOffer: variant.priceAfterOffer,
    }).toFixed(2),
    availability: variant.stock > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    itemCondition: 'https://schema.org/NewCondition',
  };
}

/**
 * For search engines: a product without options is a schema.org Product with one SAR offer and
 * its real availability; a product sold by options is a ProductGroup that `variesBy` them, with
 * `hasVariant` listing each variant as a Product with its own SKU, option values and Offer.
 * Either carries the approved reviews' `aggregateRating` and the newest of them as `review`.
 */
export function productJsonLd(product: ProductDetails, { url, images, imageOf, reviews }: JsonLdContext) {
  const common = {
    '@context': 'https://schema.org',
    name: product.productName,
    description: product.productDescripition,
    image: images,
    category: product.categoryName,
    brand: { '@type': 'Brand', name: product.companyName },
    ...ratingOf(reviews),
  };
  if (product.options.length === 0) {
    const only = product.variants[0];
    return {
      ...common,
      '@type': 'Product',
      sku: only?.sku ?? String(product.productId),
      offers: only
        ? offer(only, url)
        : offer(
            {
              variantId: 0,
              sku: '',
              valueIds: [],
              price: product.productPrice,
              stock: product.productStock,
              ...(product.productPriceAfterOffer !== undefined && {
                priceAfterOffer: product.productPriceAfterOffer,
              }),
            },
            url,
          ),
    };
  }
  const valueName = new Map(
    product.options.flatMap((o) => o.values.map((v) => [v.valueId, v.name] as const)),
  );
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: String(product.productId),
    url,
    variesBy: product.options.map((o) => schemaProperty(o.name) ?? o.name),
    hasVariant: product.variants.map((variant) => {
      const variantUrl = `${url}?${VARIANT_PARAM}=${encodeURIComponent(variant.sku)}`;
      const values = variant.valueIds.map((id) => valueName.get(id) ?? '');
      const properties = Object.fromEntries(
        product.options.flatMap((o, i) => {
          const property = schemaProperty(o.name);
          return property ? [[property.slice('https://schema.org/'.length), values[i]]] : [];
        }),
      );
      return {
        '@type': 'Product',
        name: `${product.productName} (${values.join(', ')})`,
        sku: variant.sku,
        ...(variant.barcode !== undefined && { gtin: variant.barcode }),
        image: variant.image ? imageOf(variant.image) : images[0],
        ...properties,
        offers: offer(variant, variantUrl),
      };
    }),
  };
}
