import { describe, expect, it } from 'vitest';
import { cardDigits, formatCardNumber, formatExpiry, parseExpiry, readCard } from './card-input.ts';

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

  it('reads the posted card, or names the first field in the order the form shows them', () => {
    const card = {
      'cc-name': ' Test  Shopper ',
      'cc-number': '4111 1111 1111 1111',
      'cc-exp': '12/35',
      'cc-csc': '123',
    };
    expect(readCard(card)).toEqual({
      card: {
        name: 'Test  Shopper',
        number: '4111111111111111',
        month: 12,
        year: 2035,
        cvc: '123',
        saveCard: false,
      },
    });
    expect(readCard({ ...card, 'save-card': 'on' })).toMatchObject({ card: { saveCard: true } });
    expect(readCard({ ...card, 'cc-name': 'Shopper' })).toEqual({
      field: 'cc-name',
      messageKey: 'cardHolderInvalid',
    });
    expect(readCard({ ...card, 'cc-number': '4111' })).toEqual({
      field: 'cc-number',
      messageKey: 'cardNumberInvalid',
    });
    expect(readCard({ ...card, 'cc-exp': '13/35' })).toEqual({
      field: 'cc-exp',
      messageKey: 'expiryInvalid',
    });
    expect(readCard({ ...card, 'cc-csc': '' })).toEqual({ field: 'cc-csc', messageKey: 'cvcInvalid' });
  });
});
