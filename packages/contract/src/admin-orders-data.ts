import type { ActionResult } from './actions.ts';
import type { AdminOrder, AdminOrdersPage, adminOrdersQuery } from './admin-orders.ts';
import type { z } from './zod.ts';

/** The orders list's filters as a page's query string gives them (strings, checked by the API). */
export type AdminOrdersFilterInput = z.input<typeof adminOrdersQuery>;

/** The back office's orders (staff and owners): reads, and the fulfilment changes. */
export interface BackOfficeOrders {
  /** One page of the list. Filters the API cannot read throw a 400 Response. */
  page(filter: AdminOrdersFilterInput): Promise<AdminOrdersPage>;
  /** One order by its number or id, in the page's language; null when there is none. */
  one(ref: string): Promise<AdminOrder | null>;
  /** Marks a paid order shipped (its number or id), audited; 409 when it cannot be. */
  ship(ref: string): Promise<ActionResult>;
  /** Marks a paid or shipped order delivered, audited; 409 when it cannot be. */
  deliver(ref: string): Promise<ActionResult>;
  /** Cancels an order awaiting payment and puts its stock back on sale, audited; 409 once paid. */
  cancel(ref: string): Promise<ActionResult>;
}
