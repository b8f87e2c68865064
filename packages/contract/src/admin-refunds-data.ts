import type { ActionResult } from './actions.ts';
import type { Ok } from './errors.ts';
import type { CreditNote, OrderRefunds, RefundRequestBody } from './refunds.ts';

/** The back office's refunds and credit notes (any member reads; only owners refund). */
export interface BackOfficeRefunds {
  /**
   * The order's refunds, its lines and what is left to refund; null when there is no such order.
   * `ref` is the order's id or its number (as the order pages link it).
   */
  ofOrder(ref: string): Promise<OrderRefunds | null>;
  /** A succeeded refund's credit note; null when the order or the refund does not exist. */
  creditNote(ref: string, refundId: string): Promise<CreditNote | null>;
  /**
   * Refunds all or part of the order through the payment provider (owners), as
   * `POST /api/admin/orders/{id}/refunds` does: the same idempotency key never refunds twice.
   */
  refund(ref: string, body: RefundRequestBody): Promise<ActionResult<Ok & { orderId: string }>>;
}
