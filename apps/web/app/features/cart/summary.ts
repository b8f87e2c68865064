import { halalasToSar, sarToHalalas } from '@shop/contract/constants';
import type { CartDiscount, CartItem } from '@shop/contract';

/**
 * The order summary of the cart page, in SAR: what it shows is what is charged
 * (docs/requirements/rules.md, Prices).
 */
export interface CartSummary {
  /** The products at their list prices. */
  productsPrice: number;
  /** The real savings of offer prices. */
  discount: number;
  /** What the cart's discount code takes off the products (0 without a code that applies). */
  codeDiscount: number;
  /** The code on the cart, when it applies now. */
  code?: string;
  /** True when the code waives the shipping fee. */
  freeShipping: boolean;
  shipping: number;
  /** productsPrice − discount − codeDiscount + shipping: the amount the order will charge. */
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
  /** The cart's code as the server judged it with the cart as it was read. */
  discountCode?: CartDiscount,
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
  const code = discountCode?.valid ? discountCode : undefined;
  const free = freeShippingFrom !== undefined && paid >= sarToHalalas(freeShippingFrom);
  const shipping = lines.length > 0 && !free && !code?.freeShipping ? sarToHalalas(shippingFee) : 0;
  // Never more than the products cost (a quantity lowered since the cart was read).
  const codeDiscount = Math.min(sarToHalalas(code?.discount ?? 0), paid);
  return {
    productsPrice: halalasToSar(list),
    discount: halalasToSar(list - paid),
    codeDiscount: halalasToSar(codeDiscount),
    ...(code && { code: code.code }),
    freeShipping: Boolean(code?.freeShipping),
    shipping: halalasToSar(shipping),
    total: halalasToSar(paid - codeDiscount + shipping),
    count,
  };
}

/** A line's total in SAR. */
export function lineTotal(line: Pick<CartItem, 'productPrice' | 'productCount'>): number {
  return halalasToSar(sarToHalalas(line.productPrice) * line.productCount);
}
