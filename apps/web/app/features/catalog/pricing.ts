import type { Product } from '@shop/contract';

/** The discount in percent: round((original − offer) ÷ original × 100); 0 when there is no real saving. */
export function discountPercent(original: number, offer: number | undefined): number {
  if (offer === undefined || original <= 0 || offer >= original) return 0;
  return Math.round(((original - offer) / original) * 100);
}

/** What the shopper pays for one unit. */
export function effectivePrice(product: Pick<Product, 'productPrice' | 'productPriceAfterOffer'>): number {
  const { productPrice, productPriceAfterOffer } = product;
  return productPriceAfterOffer !== undefined && productPriceAfterOffer < productPrice
    ? productPriceAfterOffer
    : productPrice;
}

/** True when the product has an offer price below its price. */
export function isOnOffer(product: Pick<Product, 'productPrice' | 'productPriceAfterOffer'>): boolean {
  return effectivePrice(product) < product.productPrice;
}
