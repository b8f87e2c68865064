import { describe, expect, it } from 'vitest';
import { discountPercent, effectivePrice, isOnOffer } from './pricing.ts';

describe('discountPercent: round((original − offer) ÷ original × 100)', () => {
  it('rounds to the nearest whole percent', () => {
    expect(discountPercent(1000, 750)).toBe(25);
    expect(discountPercent(300, 200)).toBe(33);
    expect(discountPercent(299, 199)).toBe(33); // 33.44
    expect(discountPercent(3, 1)).toBe(67); // 66.67
  });

  it('is 0 without a real saving', () => {
    expect(discountPercent(100, undefined)).toBe(0);
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(100, 120)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('effectivePrice', () => {
  it('is the offer price when it is below the price', () => {
    expect(effectivePrice({ productPrice: 500, productPriceAfterOffer: 449.5 })).toBe(449.5);
    expect(isOnOffer({ productPrice: 500, productPriceAfterOffer: 449.5 })).toBe(true);
  });

  it('ignores an offer that is not cheaper', () => {
    expect(effectivePrice({ productPrice: 500, productPriceAfterOffer: 600 })).toBe(500);
    expect(isOnOffer({ productPrice: 500 })).toBe(false);
  });
});
