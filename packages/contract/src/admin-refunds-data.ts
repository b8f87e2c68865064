import type { CreditNote, OrderRefunds } from './refunds.ts';

/** The back office's reads of refunds and credit notes (any member; only owners refund). */
export interface BackOfficeRefundReads {
  /**
   * The order's refunds, its lines and what is left to refund; null when there is no such order.
   * `ref` is the order's id or its number (as the order pages link it).
   */
  ofOrder(ref: string): Promise<OrderRefunds | null>;
  /** A succeeded refund's credit note; null when the order or the refund does not exist. */
  creditNote(ref: string, refundId: string): Promise<CreditNote | null>;
}
