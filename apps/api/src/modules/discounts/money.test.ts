import { describe, expect, it } from 'vitest';
import { allocate, priceCode } from './money.ts';

describe('a discount code in halalas', () => {
  it('splits one awkward halala over three equal lines deterministically, the first line first', () => {
    expect(allocate(1, [333, 333, 333])).toEqual([1, 0, 0]);
    expect(allocate(2, [333, 333, 333])).toEqual([1, 1, 0]);
    // 10 % of 9.99 + 9.99 + 9.99 SAR is 3.00 SAR: 100 halalas over three lines.
    const price = priceCode(
      { kind: 'percent', percent: 10, amountHalalas: null },
      [
        { amountHalalas: 999, covered: true },
        { amountHalalas: 999, covered: true },
        { amountHalalas: 999, covered: true },
      ],
      0,
    );
    expect(price.goodsHalalas).toBe(300);
    expect(price.perLine).toEqual([100, 100, 100]);
  });

  it('gives the remainder to the largest fractions and never more than a line costs', () => {
    const parts = allocate(1000, [1, 2, 3000]);
    expect(parts.reduce((s, p) => s + p, 0)).toBe(1000);
    parts.forEach((p, i) => expect(p).toBeLessThanOrEqual([1, 2, 3000][i]!));
    expect(allocate(100, [33, 33, 34])).toEqual([33, 33, 34]);
  });

  it('takes a line to zero at 100 % when only it is covered, and leaves the others', () => {
    const price = priceCode(
      { kind: 'percent', percent: 100, amountHalalas: null },
      [
        { amountHalalas: 12_345, covered: true },
        { amountHalalas: 5_000, covered: false },
      ],
      7_000,
    );
    expect(price).toEqual({ goodsHalalas: 12_345, perLine: [12_345, 0], shippingWaivedHalalas: 0 });
  });

  it('caps a fixed amount larger than the covered lines at what they cost', () => {
    const price = priceCode(
      { kind: 'fixed', percent: null, amountHalalas: 50_000 },
      [
        { amountHalalas: 10_001, covered: true },
        { amountHalalas: 20_002, covered: true },
      ],
      7_000,
    );
    expect(price.goodsHalalas).toBe(30_003);
    expect(price.perLine).toEqual([10_001, 20_002]);
  });

  it('waives the shipping fee and takes nothing off the products for free shipping', () => {
    const price = priceCode(
      { kind: 'free_shipping', percent: null, amountHalalas: null },
      [{ amountHalalas: 9_999, covered: true }],
      7_000,
    );
    expect(price).toEqual({ goodsHalalas: 0, perLine: [0], shippingWaivedHalalas: 7_000 });
  });

  it('refuses to allocate more than there is', () => {
    expect(() => allocate(4, [1, 1, 1])).toThrow(RangeError);
  });
});
