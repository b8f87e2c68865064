import { toLatinDigits } from '@shop/contract';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * A Saudi mobile number in E.164 (`+9665XXXXXXXX`), or null when the value is not one.
 * Accepts 05XXXXXXXX, 5XXXXXXXX, +9665XXXXXXXX, 009665…, spaces and dashes, and
 * Arabic-Indic digits. The full metadata build is used because only it knows which numbers
 * are mobiles.
 */
export function normalizeSaudiMobile(input: string): string | null {
  const value = toLatinDigits(input)
    .replace(/[\u200e\u200f]/g, '')
    .trim();
  if (value.length === 0 || value.length > 32) return null;
  // `00` is the international prefix dialled from Saudi Arabia; libphonenumber wants `+`.
  const international = value.startsWith('00') ? `+${value.slice(2)}` : value;
  const parsed = parsePhoneNumberFromString(international, 'SA');
  if (!parsed || parsed.country !== 'SA' || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}
