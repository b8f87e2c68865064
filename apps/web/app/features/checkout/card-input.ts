/** Helpers of the sandbox card form: what the shopper types, as the provider expects it. */

/** Digits only, so `4111 1111 1111 1111` and `4111-1111-…` are the same card. */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19);
}

/** Groups of four for display while typing. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** `MM/YY` (or `MM/YYYY`) → month and four-digit year; null when it is not a date. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** Inserts the slash after the month while typing (`1229` → `12/29`). */
export function formatExpiry(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}
