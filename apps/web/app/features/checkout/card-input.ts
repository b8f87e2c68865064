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

/** The sandbox card form's fields, by input name, as the payment page's action reads them. */
export interface CardFields {
  'cc-name'?: string;
  'cc-number'?: string;
  'cc-exp'?: string;
  'cc-csc'?: string;
  /** The "save this card" box: `on` when ticked. */
  'save-card'?: string;
}

/**
 * The card as the sandbox call wants it, or the first field that is not filled in right and
 * the key of its message in the checkout translations.
 */
export function readCard(
  fields: CardFields,
):
  | { card: { number: string; name: string; month: number; year: number; cvc: string; saveCard: boolean } }
  | { field: keyof CardFields; messageKey: string } {
  const name = (fields['cc-name'] ?? '').trim();
  const number = cardDigits(fields['cc-number'] ?? '');
  const expiry = parseExpiry(fields['cc-exp'] ?? '');
  const cvc = (fields['cc-csc'] ?? '').trim();
  if (name.split(/\s+/).length < 2) return { field: 'cc-name', messageKey: 'cardHolderInvalid' };
  if (number.length < 12) return { field: 'cc-number', messageKey: 'cardNumberInvalid' };
  if (!expiry) return { field: 'cc-exp', messageKey: 'expiryInvalid' };
  if (!/^\d{3,4}$/.test(cvc)) return { field: 'cc-csc', messageKey: 'cvcInvalid' };
  return { card: { number, name, ...expiry, cvc, saveCard: fields['save-card'] === 'on' } };
}
