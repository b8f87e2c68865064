import type { PaymentMethod } from '@shop/contract';

/** The translation key of a card network's name (mada, Visa, Mastercard…), in `common:cards.brands`. */
export function brandKey(brand: string): string {
  return ['mada', 'visa', 'mastercard', 'amex', 'unionpay'].includes(brand)
    ? `cards.brands.${brand}`
    : 'cards.brands.other';
}

/** How a paid order says what paid it: the card as "mada •••• 1234", or the wallet's name. */
export interface PaidWith {
  method: PaymentMethod;
  card: { brand: string; lastFour: string } | null;
}

/**
 * The words for how an order was paid, in `common`'s translations: "Apple Pay", "STC Pay",
 * "مدى •••• 1234" / "mada •••• 1234" for a card whose network and last four are known; null
 * for a card without them and for pay later (whose own line says more).
 */
export function paidWithText(paid: PaidWith, t: (key: string, values?: Record<string, string>) => string) {
  if (paid.method === 'applepay') return t('cards.applepay');
  if (paid.method === 'stcpay') return t('cards.stcpay');
  if (paid.method === 'card' && paid.card)
    return t('cards.masked', { brand: t(brandKey(paid.card.brand)), lastFour: paid.card.lastFour });
  return null;
}
