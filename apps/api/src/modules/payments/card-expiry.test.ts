import { describe, expect, it } from 'vitest';
import { cardExpired } from './service.ts';

describe('a saved card expiring', () => {
  const november = { month: 11, year: 2026 };

  it('pays through the last day of its month, Riyadh time', () => {
    // 23:59 on 30 November in Riyadh (UTC+3).
    expect(cardExpired(november, new Date('2026-11-30T20:59:00Z'))).toBe(false);
    // 00:01 on 1 December in Riyadh, still 30 November in UTC.
    expect(cardExpired(november, new Date('2026-11-30T21:01:00Z'))).toBe(true);
  });

  it('compares the year first, and reads a two-digit year as this century', () => {
    expect(cardExpired({ month: 12, year: 2025 }, new Date('2026-01-15T12:00:00Z'))).toBe(true);
    expect(cardExpired({ month: 1, year: 2027 }, new Date('2026-12-15T12:00:00Z'))).toBe(false);
    expect(cardExpired({ month: 11, year: 26 }, new Date('2026-11-15T12:00:00Z'))).toBe(false);
    expect(cardExpired({ month: 10, year: 26 }, new Date('2026-11-15T12:00:00Z'))).toBe(true);
  });
});
