import { describe, expect, it } from 'vitest';
import {
  TABBY_LIMITS,
  TAMARA_LIMITS,
  payLaterEligible,
  tabbyEligible,
  tabbyInstalments,
} from './instalments.ts';

describe("Tabby's pay in 4", () => {
  it('splits a total into four payments that add up to it, the remainder on the first', () => {
    expect(tabbyInstalments(100_000)).toEqual([25_000, 25_000, 25_000, 25_000]);
    expect(tabbyInstalments(129_999)).toEqual([32_502, 32_499, 32_499, 32_499]);
    expect(tabbyInstalments(1_003)).toEqual([253, 250, 250, 250]);
    for (const total of [1_000, 1_001, 1_002, 99_997, 1_000_000]) {
      const parts = tabbyInstalments(total);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts[0]! - parts[1]!).toBeLessThan(4);
    }
  });

  it('is offered only from its minimum to its maximum, both included', () => {
    expect(tabbyEligible(TABBY_LIMITS.minHalalas - 1)).toBe(false);
    expect(tabbyEligible(TABBY_LIMITS.minHalalas)).toBe(true);
    expect(tabbyEligible(TABBY_LIMITS.maxHalalas)).toBe(true);
    expect(tabbyEligible(TABBY_LIMITS.maxHalalas + 1)).toBe(false);
    expect(tabbyEligible(5_000.5)).toBe(false);
  });
});

describe("Tamara's pay in 4", () => {
  it('has its own limits beside Tabby, both ends included', () => {
    expect(payLaterEligible('tamara', TAMARA_LIMITS.minHalalas - 1)).toBe(false);
    expect(payLaterEligible('tamara', TAMARA_LIMITS.minHalalas)).toBe(true);
    expect(payLaterEligible('tamara', TAMARA_LIMITS.maxHalalas)).toBe(true);
    expect(payLaterEligible('tamara', TAMARA_LIMITS.maxHalalas + 1)).toBe(false);
    // 50 SAR: Tabby takes it, Tamara does not.
    expect([payLaterEligible('tabby', 5_000), payLaterEligible('tamara', 5_000)]).toEqual([true, false]);
  });
});
