/**
 * Everything of the contract that is not a schema: languages and messages, API paths, limits,
 * page sizes, money conversion, the sandbox cards. It imports no zod, so browser code that
 * needs only these (`@shop/contract/constants`) does not download a validator.
 */
export * from './messages.ts';
export * from './paths.ts';
export * from './admin-paths.ts';

/** The largest page any list call answers. */
export const MAX_PAGE_SIZE = 100;

/** Converts integer halalas to a SAR number for the wire (`129950` → `1299.5`). */
export function halalasToSar(halalas: number): number {
  return Math.round(halalas) / 100;
}

/** Converts a SAR amount to integer halalas, rounding to the nearest halala. */
export function sarToHalalas(sar: number): number {
  return Math.round(sar * 100);
}

/** The info page types (docs/requirements/screens.md): 1 terms, 2 refund policy, 3 about us. */
export const infoTypes = { terms: 1, policy: 2, about: 3, privacy: 4 } as const;

/** Page sizes (docs/requirements/rules.md, Limits). */
export const pageSizes = {
  search: 8,
  category: 8,
  company: 8,
  moreByCategory: 10,
  orders: 5,
  homeList: 10,
} as const;

/** The most units of one product a cart line may hold (besides the stock on hand). */
export const CART_LINE_MAX = 10;

export const ADDRESS_NAME_MAX = 100;
export const ADDRESS_TEXT_MAX = 500;
export const ADDRESS_FIELD_MAX = 100;
/** The most addresses one account keeps. */
export const ADDRESSES_PER_USER_MAX = 50;
/** The most products one shopper's wishlist holds. */
export const WISHLIST_MAX = 200;

export const USER_NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…) digits to ASCII. */
export function toLatinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * A quick, dependency-free check that a value reads as a Saudi mobile number in one of the
 * accepted forms (05XXXXXXXX, 5XXXXXXXX, +9665XXXXXXXX, 009665…, Arabic-Indic digits, spaces
 * or dashes). The API also checks it against the numbering plan and stores E.164.
 */
export function looksLikeSaudiMobile(value: string): boolean {
  const compact = toLatinDigits(value).replace(/[\s\-().\u200e\u200f]/g, '');
  return /^(?:\+966|00966|966|0)?5[0-9]{8}$/.test(compact);
}

/**
 * The sandbox's documented test cards (Moyasar's): any name of two words, a future expiry and
 * any 3-digit CVC. Any other number is refused as an invalid card.
 */
export const sandboxTestCards = {
  '4111111111111111': { status: 'paid', message: 'APPROVED', network: 'visa' },
  '4201320111111010': { status: 'paid', message: 'APPROVED', network: 'mada' },
  '5421080101000000': { status: 'paid', message: 'APPROVED', network: 'mastercard' },
  '4201320000311101': { status: 'failed', message: 'INSUFFICIENT FUNDS', network: 'mada' },
  '5105105105105100': { status: 'failed', message: 'DECLINED', network: 'mastercard' },
  '4201321234411220': { status: 'failed', message: 'DECLINED', network: 'mada' },
} as const satisfies Record<
  string,
  { status: 'paid' | 'failed'; message: string; network: 'visa' | 'mada' | 'mastercard' }
>;

/**
 * `delivered` is a paid order whose `invoiceReceived` is true; awaiting_payment, paid, failed and
 * expired are the payment states (an order waits for its payment until it expires, then its
 * stock is released); shipped and cancelled are set from the back office; partially_refunded and
 * refunded say that some or all of the payment was given back.
 */
export const orderStatuses = [
  'awaiting_payment',
  'paid',
  'shipped',
  'delivered',
  'failed',
  'expired',
  'cancelled',
  'partially_refunded',
  'refunded',
] as const;

/**
 * Control characters (C0, DEL and C1). None of them is ever typed into a shop form: a NUL
 * cannot even be stored by PostgreSQL, and the others hide text, break headers or fool
 * people reading logs and the back office. Multi-line fields (an address's notes, an order
 * note) keep tab, line feed and carriage return, which browsers send for a textarea.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when `value` holds a character no text field accepts (tab and newlines per field kind). */
export function hasControlCharacters(value: string, { multiline = false } = {}): boolean {
  return (multiline ? MULTI_LINE_REFUSED : SINGLE_LINE_REFUSED).test(value);
}

/**
 * A facet key: "<group>:<value>", the group `b` (a maker, by id), `o-<option>` (an option, by the
 * slug of its English name) or `s<attribute id>` (a specification); the value the maker's id,
 * the option value's slug, or the specification's choice id or number.
 */
export const FACET_KEY_PATTERN = /^(b|o-[^:\s]+|s[0-9]{1,9}):[^:\s]+$/;
export const MAX_FACET_KEY_LENGTH = 120;
/** Facet values chosen at once, at most. */
export const MAX_FACET_KEYS = 30;

/**
 * A corner of a page written for its shopper (the storefront's `ShopperSlot`), as the server
 * finds it in a rendered page: its name, then its content. A new expression each time (it is
 * global, and keeps its place between matches).
 */
export const shopperSlotPattern = () => /<shopper-slot name="([a-z0-9-]+)">([\s\S]*?)<\/shopper-slot>/g;
