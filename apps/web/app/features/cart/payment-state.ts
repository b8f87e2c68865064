import type { Address, Lang } from '@shop/contract';

/**
 * The navigation state the payment page receives (spec §3): the amount and the invoice fields.
 * The server prices the order from the cart again, so nothing here is trusted for money.
 */
export interface PaymentNavigationState {
  /** SAR. */
  amount: number;
  userId: string;
  invoiceUserAdress: string;
  invoiceUserPhone: string;
  /** Spec §3: the fixed text 'location'. */
  invoiceUserLocation: 'location';
  invoiceNote: string;
  products: { productId: number }[];
}

const separators: Record<Lang, string> = { ar: '، ', en: ', ' };

/** One line of address text for the invoice: title, notes, landmark, region, city. */
export function addressText(address: Address, lang: Lang): string {
  return [address.name, address.address, address.closeSign, address.zone, address.city]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(separators[lang]);
}

export function paymentState({
  amount,
  userId,
  address,
  note,
  defaultNote,
  productIds,
  lang,
}: {
  amount: number;
  userId: string;
  address: Address;
  note: string;
  /** Spec §3: the invoice note falls back to a placeholder text when left empty. */
  defaultNote: string;
  productIds: readonly number[];
  lang: Lang;
}): PaymentNavigationState {
  return {
    amount,
    userId,
    invoiceUserAdress: addressText(address, lang),
    invoiceUserPhone: address.mobile,
    invoiceUserLocation: 'location',
    invoiceNote: note.trim() || defaultNote,
    products: productIds.map((productId) => ({ productId })),
  };
}
