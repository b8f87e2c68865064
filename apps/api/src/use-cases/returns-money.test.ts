import { describe, expect, it } from 'vitest';
import { paidForUnits } from './returns.ts';

/** A return refunds what the shopper paid for the units, the code's discount taken off. */
describe('what a return of some units refunds', () => {
  // Three units at 100.00 SAR with 10.01 SAR of a code's discount on the line: 289.99 paid.
  const line = { unitPriceHalalas: 10_000, quantity: 3, codeDiscountHalalas: 1_001 };

  it('refunds the whole line at what was paid for it, not at its price', () => {
    expect(paidForUnits(line, 3)).toBe(28_999);
  });

  it('adds up to exactly what was paid when the units come back one by one', () => {
    const parts = [1, 2, 3].map((n) => paidForUnits(line, n) - paidForUnits(line, n - 1));
    expect(parts).toEqual([9_666, 9_666, 9_667]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(28_999);
  });

  it('refunds the price where no code was used', () => {
    expect(paidForUnits({ unitPriceHalalas: 4_599, quantity: 2, codeDiscountHalalas: 0 }, 1)).toBe(4_599);
  });
});
