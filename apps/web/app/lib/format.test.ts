import { describe, expect, it, vi } from 'vitest';
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
    // As Intl writes them (the shop wrote them with Intl.DateTimeFormat before).
    for (const clock of ['00:05', '09:00', '12:00', '12:30', '13:05', '23:59'])
      for (const lang of ['ar', 'en'] as const) {
        const [hours, minutes] = clock.split(':').map(Number);
        const intl = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA', {
          hour: 'numeric',
          minute: '2-digit',
          timeZone: 'UTC',
        }).format(new Date(Date.UTC(2024, 0, 1, hours, minutes)));
        expect(formatClock(clock, lang)).toBe(stripBidiMarks(intl).replace(/\s/g, ' '));
      }
  });

  it('writes numbers and prices as Intl does, without making an Intl formatter for them', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    for (const lang of ['ar', 'en'] as const) {
      formatPrice(1299.5, lang);
      formatPrice(5, lang);
      formatNumber(12345, lang);
    }
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
    const values = [
      0, 0.05, 0.5, 1, 5, 9.99, 10, 99.5, 100, 999, 1000, 1299, 1299.5, 12345.67, 999999.99, 1234567, 6.67,
    ];
    for (const lang of ['ar', 'en'] as const) {
      const locale = lang === 'ar' ? 'ar-SA-u-nu-latn' : 'en-SA';
      for (const value of [...values, 12345.678, -5, -1299.5]) {
        expect(formatNumber(value, lang)).toBe(
          new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
        );
        const whole = Number.isInteger(value);
        expect(formatPrice(value, lang)).toBe(
          new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'SAR',
            minimumFractionDigits: whole ? 0 : 2,
            maximumFractionDigits: 2,
          }).format(value),
        );
      }
    }
  });
});
