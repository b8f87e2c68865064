import type { AdminOrder, AdminOrdersPage, adminOrdersQuery } from './admin-orders.ts';
import type { z } from './zod.ts';

/** The orders list's filters as a page's query string gives them (strings, checked by the API). */
export type AdminOrdersFilterInput = z.input<typeof adminOrdersQuery>;

/** The back office's reads of orders (staff and owners). */
export interface BackOfficeOrderReads {
  /** One page of the list. Filters the API cannot read throw a 400 Response. */
  page(filter: AdminOrdersFilterInput): Promise<AdminOrdersPage>;
  /** One order by its number or id, in the page's language; null when there is none. */
  one(ref: string): Promise<AdminOrder | null>;
}
