import { describe, expect, it } from 'vitest';
import { normalizeSaudiMobile } from './phone.ts';

describe('normalizeSaudiMobile', () => {
  it.each([
    '0551234567',
    '551234567',
    '+966551234567',
    '00966551234567',
    '966551234567',
    '055 123 4567',
    '055-123-4567',
    '٠٥٥١٢٣٤٥٦٧',
    '۰۵۵۱۲۳۴۵۶۷',
    '+٩٦٦٥٥١٢٣٤٥٦٧',
  ])('reads %s as +966551234567', (input) => {
    expect(normalizeSaudiMobile(input)).toBe('+966551234567');
  });

  it.each([
    '',
    '12345',
    '0112345678', // a Riyadh landline
    '+201001234567', // an Egyptian mobile
    '0521234567', // not an allocated Saudi mobile range
    '05512345678', // one digit too many
    'abc',
    '05512345ab',
  ])('refuses %s', (input) => {
    expect(normalizeSaudiMobile(input)).toBeNull();
  });
});
