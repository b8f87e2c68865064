import type { Address, Lang } from '@shop/contract';

/**
 * What the cart's action sends to place the order: who, the delivery fields of the chosen
 * address and the note. The server prices the order from the cart itself, so nothing here is
 * trusted for money; the product ids are sent because the invoice call has always listed them.
 */
export interface InvoiceBody {
  userId: string;
  invoiceUserAdress: string;
  invoiceUserPhone: string;
  /** The invoice call's fixed text 'location'. */
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

export function invoiceBody({
  userId,
  address,
  note,
  defaultNote,
  productIds,
  lang,
}: {
  userId: string;
  address: Address;
  note: string;
  /** The invoice note falls back to a placeholder text when left empty. */
  defaultNote: string;
  productIds: readonly number[];
  lang: Lang;
}): InvoiceBody {
  return {
    userId,
    invoiceUserAdress: addressText(address, lang),
    invoiceUserPhone: address.mobile,
    invoiceUserLocation: 'location',
    invoiceNote: note.trim() || defaultNote,
    products: productIds.map((productId) => ({ productId })),
  };
}
