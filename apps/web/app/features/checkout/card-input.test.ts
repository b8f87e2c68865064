import { describe, expect, it } from 'vitest';
import { cardDigits, formatCardNumber, formatExpiry, parseExpiry } from './card-input.ts';

describe('sandbox card input', () => {
  it('keeps the digits of a card number and groups them by four', () => {
    expect(cardDigits('4111 1111-1111 1111')).toBe('4111111111111111');
    expect(formatCardNumber('4201320111111010')).toBe('4201 3201 1111 1010');
    expect(formatCardNumber('42013')).toBe('4201 3');
  });

  it('reads MM/YY and MM/YYYY, and refuses what is not a month', () => {
    expect(parseExpiry('12/29')).toEqual({ month: 12, year: 2029 });
    expect(parseExpiry(' 3 / 2031 ')).toEqual({ month: 3, year: 2031 });
    expect(parseExpiry('13/29')).toBeNull();
    expect(parseExpiry('1229')).toBeNull();
  });

  it('puts the slash after the month while typing', () => {
    expect(formatExpiry('1229')).toBe('12/29');
    expect(formatExpiry('12')).toBe('12');
  });
});
