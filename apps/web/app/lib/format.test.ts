import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, formatNumber, formatPrice, stripBidiMarks } from './format.ts';

describe('formatPrice', () => {
  it('shows SAR with Latin digits in Arabic', () => {
    const text = stripBidiMarks(formatPrice(1299.5, 'ar'));
    expect(text).toContain('1,299.50');
    expect(text).toMatch(/ر\.س|SAR/);
    expect(text).not.toMatch(/[\u0660-\u0669]/);
  });

  it('shows SAR in English and drops halalas on whole amounts', () => {
    expect(formatPrice(1299.5, 'en')).toMatch(/SAR\s?1,299\.50/);
    expect(formatPrice(70, 'en')).toMatch(/SAR\s?70$/);
  });
});

describe('formatNumber and dates', () => {
  it('groups thousands with Latin digits in both languages', () => {
    expect(formatNumber(12345, 'ar')).toBe('12,345');
    expect(formatNumber(12345, 'en')).toBe('12,345');
  });

  it("formats order dates as 'MMM DD, YYYY HH:mm' in Riyadh time", () => {
    expect(formatDateTime('2026-03-05T18:07:00Z', 'en')).toBe('Mar 05, 2026 21:07');
    expect(stripBidiMarks(formatDateTime('2026-03-05T18:07:00Z', 'ar'))).toMatch(/05.*2026.*21:07/);
  });

  it('shows the same opening hour in both languages', () => {
    expect(formatClock('23:00', 'en')).toBe('11:00 PM');
    expect(stripBidiMarks(formatClock('23:00', 'ar'))).toMatch(/^11:00\s?م$/);
  });
});
