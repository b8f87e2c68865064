/**
 * A shopper's read of something that belongs to a shopper (an order, a credit note, an
 * address): the owner is compared here, once. The API answers 404 for `none` and 403 for
 * `not-yours`; a page shows both as not found.
 */
export type OwnRead<T> = { value: T } | 'none' | 'not-yours';

/** The value when it is the asking shopper's, else null (how pages read it). */
export function ownValue<T>(read: OwnRead<T>): T | null {
  return typeof read === 'object' ? read.value : null;
}
