import { halalasToSar, sarToHalalas } from '@shop/contract/constants';
import type { CartItem } from '@shop/contract';

/**
 * The order summary of the cart page, in SAR: what it shows is what is charged
 * (docs/requirements/rules.md, Prices).
 */
export interface CartSummary {
  /** The products at their list prices. */
  productsPrice: number;
  /** The real savings of offer prices. */
  discount: number;
  shipping: number;
  /** productsPrice − discount + shipping: the amount the order will charge. */
  total: number;
  /** Units in the cart. */
  count: number;
}

/**
 * Sums the lines as the server prices an order (orders.ts `orderTotals`: total = subtotal −
 * discount + shipping), in halalas so no floating-point cents appear. Shipping is charged only
 * when there is something to ship.
 */
export function cartSummary(
  lines: readonly CartItem[],
  shippingFee: number,
  /** SAR: goods of at least this ship free (the shop's free-shipping threshold). */
  freeShippingFrom?: number,
): CartSummary {
  let list = 0;
  let paid = 0;
  let count = 0;
  for (const line of lines) {
    const unit = sarToHalalas(line.productPrice);
    const listUnit = sarToHalalas(line.productPriceBeforeOffer ?? line.productPrice);
    list += Math.max(unit, listUnit) * line.productCount;
    paid += unit * line.productCount;
    count += line.productCount;
  }
  const free = freeShippingFrom !== undefined && paid >= sarToHalalas(freeShippingFrom);
  const shipping = lines.length > 0 && !free ? sarToHalalas(shippingFee) : 0;
  return {
    productsPrice: halalasToSar(list),
    discount: halalasToSar(list - paid),
    shipping: halalasToSar(shipping),
    total: halalasToSar(paid + shipping),
    count,
  };
}

/** A line's total in SAR. */
export function lineTotal(line: Pick<CartItem, 'productPrice' | 'productCount'>): number {
  return halalasToSar(sarToHalalas(line.productPrice) * line.productCount);
}
