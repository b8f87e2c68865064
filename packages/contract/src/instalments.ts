/**
 * Tabby's "pay in 4": the order's total split into four payments, the first at checkout and
 * three more a month apart. The split is the shop's own arithmetic in halalas, so the line the
 * shopper reads before choosing Tabby adds up to the total to the halala.
 */

/**
 * The order totals Tabby takes in Saudi riyals, in halalas, both ends included. Tabby gives
 * each merchant its limits in its contract and publishes none for everyone; 10 SAR is the
 * minimum and 10,000 SAR the maximum that the payment providers reselling Tabby in Saudi
 * Arabia document for it (Tap, Antom), so the shop uses them until Tabby confirms its own.
 * Change them here only: the product page, the cart and the payment page all read them.
 */
export const TABBY_LIMITS = { minHalalas: 1_000, maxHalalas: 1_000_000 } as const;

/** How many payments Tabby's "pay in 4" splits a total into. */
export const TABBY_INSTALMENTS = 4;

/** Whether a total may be paid with Tabby (within its minimum and maximum, in halalas). */
export function tabbyEligible(totalHalalas: number): boolean {
  return (
    Number.isInteger(totalHalalas) &&
    totalHalalas >= TABBY_LIMITS.minHalalas &&
    totalHalalas <= TABBY_LIMITS.maxHalalas
  );
}

/**
 * The four payments of a total, in halalas: equal shares, the halalas that do not divide by four
 * on the first (paid at checkout), so that the four add up to the total exactly.
 */
export function tabbyInstalments(totalHalalas: number): number[] {
  const share = Math.floor(totalHalalas / TABBY_INSTALMENTS);
  const first = totalHalalas - share * (TABBY_INSTALMENTS - 1);
  return [first, ...Array.from({ length: TABBY_INSTALMENTS - 1 }, () => share)];
}
