import type { ActionResult } from './actions.ts';
import type { AdminOrder, AdminOrdersPage, adminOrdersQuery, PackingSlip } from './admin-orders.ts';
import type { z } from './zod.ts';
import type { CapturePartInput } from './payments.ts';
import type { BulkFulfilmentAnswer, BulkFulfilmentInput, FulfilmentChangeInput } from './fulfilment.ts';

/** The orders list's filters as a page's query string gives them (strings, checked by the API). */
export type AdminOrdersFilterInput = z.input<typeof adminOrdersQuery>;

/** The back office's orders (staff and owners): reads, and the fulfilment changes. */
export interface BackOfficeOrders {
  /** One page of the list. Filters the API cannot read throw a 400 Response. */
  page(filter: AdminOrdersFilterInput): Promise<AdminOrdersPage>;
  /** One order by its number or id, in the page's language; null when there is none. */
  one(ref: string): Promise<AdminOrder | null>;
  /** The packing slip of an order (number or id); null when there is none. */
  packingSlip(ref: string): Promise<PackingSlip | null>;
  /**
   * Moves a paid order (its number or id) forward: preparing, ready, shipped (carrier and
   * tracking number) or delivered; audited. 409 when it cannot take the step, 400 for a
   * shipment without its details or a tracking link that is not https.
   */
  fulfil(ref: string, input: FulfilmentChangeInput): Promise<ActionResult>;
  /** Cancels a paid order not yet shipped, refunded in full and its stock back (owners). */
  cancelPaid(ref: string): Promise<ActionResult>;
  /** Moves several orders to one status; each that could not move is reported with why. */
  bulk(input: BulkFulfilmentInput): Promise<ActionResult<BulkFulfilmentAnswer>>;
  /** Cancels an order awaiting payment and puts its stock back on sale, audited; 409 once paid. */
  cancel(ref: string): Promise<ActionResult>;
  /** Captures a shipped pay-later order's owed payment now; 503 while its provider cannot be reached. */
  captureNow(ref: string): Promise<ActionResult>;
  /** Captures part of an authorised pay-later order (SAR) and closes the rest (owners). */
  capturePart(ref: string, input: CapturePartInput): Promise<ActionResult>;
}
