/**
 * Pay in 4 with Tabby or Tamara: the order's total split into four payments, the first at
 * checkout and three more a month apart. The split is the shop's own arithmetic in halalas, so
 * the line the shopper reads before choosing either adds up to the total to the halala.
 */

import type { PayLaterMethod } from './payments.ts';

/**
 * The order totals each provider takes in Saudi riyals, in halalas, both ends included. Neither
 * publishes limits for everyone: each gives a merchant its own in its contract (Tamara also
 * answers them per merchant in its payment types API). Until they confirm the shop's:
 * - Tabby: 10 to 10,000 SAR, what the payment providers reselling Tabby in Saudi Arabia document
 *   for it (Tap, Antom);
 * - Tamara: 99 to 5,000 SAR, the minimum and maximum that Saudi merchants publish in their
 *   Tamara terms.
 * Change them here only: the product page, the cart and the payment page all read them.
 */
export const PAY_LATER_LIMITS = {
  tabby: { minHalalas: 1_000, maxHalalas: 1_000_000 },
  tamara: { minHalalas: 9_900, maxHalalas: 500_000 },
} as const satisfies Record<PayLaterMethod, { minHalalas: number; maxHalalas: number }>;

export const TABBY_LIMITS = PAY_LATER_LIMITS.tabby;
export const TAMARA_LIMITS = PAY_LATER_LIMITS.tamara;

/** How many payments "pay in 4" splits a total into (Tabby and Tamara alike). */
export const TABBY_INSTALMENTS = 4;

/** Whether a total may be paid with this provider (within its minimum and maximum, in halalas). */
export function payLaterEligible(method: PayLaterMethod, totalHalalas: number): boolean {
  const limits = PAY_LATER_LIMITS[method];
  return (
    Number.isInteger(totalHalalas) && totalHalalas >= limits.minHalalas && totalHalalas <= limits.maxHalalas
  );
}

/** Whether a total may be paid with Tabby. */
export const tabbyEligible = (totalHalalas: number) => payLaterEligible('tabby', totalHalalas);

/**
 * The four payments of a total, in halalas: equal shares, the halalas that do not divide by four
 * on the first (paid at checkout), so that the four add up to the total exactly.
 */
export function tabbyInstalments(totalHalalas: number): number[] {
  const share = Math.floor(totalHalalas / TABBY_INSTALMENTS);
  const first = totalHalalas - share * (TABBY_INSTALMENTS - 1);
  return [first, ...Array.from({ length: TABBY_INSTALMENTS - 1 }, () => share)];
}
