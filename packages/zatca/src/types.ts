/** A Saudi address as ZATCA requires it for the seller (national address). */
export interface SaudiAddress {
  street: string;
  /** Four digits. */
  buildingNumber: string;
  /** The national address's additional number: four digits, when the address has one. */
  additionalNumber?: string;
  /** District. */
  district: string;
  city: string;
  /** Five digits. */
  postalCode: string;
}

export interface Seller {
  /** The registered (legal) name, as on the commercial register. */
  legalName: string;
  /** VAT registration number: 15 digits, beginning and ending with 3. */
  vatNumber: string;
  /** Commercial registration number. */
  commercialRegister: string;
  address: SaudiAddress;
}

/** The buyer is optional on a simplified invoice; when given, only what is known is written. */
export interface Buyer {
  name?: string;
  vatNumber?: string;
}

export interface DocumentLine {
  name: string;
  quantity: number;
  /** What the shopper pays per unit, VAT included, in halalas (as the shop stores it). */
  unitPriceHalalas: number;
}

/** A document-level discount or charge, VAT included, in halalas (standard rate). */
export interface AdjustmentInput {
  reason: string;
  amountHalalas: number;
}

/**
 * UNTDID 4461 codes ZATCA accepts: 10 cash, 30 credit transfer, 42 payment to bank account,
 * 48 bank card, 1 not defined.
 */
export type PaymentMeansCode = '1' | '10' | '30' | '42' | '48';

export type DocumentKind = 'invoice' | 'credit-note' | 'debit-note';

interface DocumentBase {
  /** The document's own number (invoice number, credit note number). */
  number: string;
  /** A UUID, fixed once for this document: a re-sent document keeps it. */
  uuid: string;
  issuedAt: Date;
  /** Invoice counter value of the signing unit: 1 for its first document, then +1 each. */
  icv: number;
  /** Hash of the unit's previous document (base64); `INITIAL_PIH` for its first. */
  pih: string;
  seller: Seller;
  buyer?: Buyer;
  lines: DocumentLine[];
  /** Shipping charged, VAT included, in halalas; 0 or absent: no charge. */
  shippingHalalas?: number;
  /** Document-level discounts, VAT included. */
  allowances?: AdjustmentInput[];
  paymentMeans?: PaymentMeansCode;
}

export interface InvoiceInput extends DocumentBase {
  kind: 'invoice';
}

/** A credit or debit note refers to the invoice it corrects and says why it was issued. */
export interface NoteInput extends DocumentBase {
  kind: 'credit-note' | 'debit-note';
  /** Number of the original invoice. */
  billingReference: string;
  reason: string;
}

export type DocumentInput = InvoiceInput | NoteInput;
