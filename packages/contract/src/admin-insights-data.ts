import type { ActionResult } from './actions.ts';
import type { CustomerDetails, CustomerPage, Overview, customerQuery } from './admin-insights.ts';
import type { z } from './zod.ts';

/** The customers list's filters as a page's query string gives them (strings, checked by the API). */
export type CustomerFilterInput = z.input<typeof customerQuery>;

/** The back office's overview (staff and owners). */
export interface BackOfficeOverviewReads {
  /** Every figure as of now (as `GET /api/admin/overview` answers). */
  get(): Promise<Overview>;
}

/** The back office's customers (staff and owners). */
export interface BackOfficeCustomerReads {
  /** One page of the list. Filters the API cannot read throw a 400 Response. */
  page(filter: CustomerFilterInput): Promise<CustomerPage>;
  /** A customer's profile, addresses and orders; null when there is no such account. */
  one(id: string): Promise<CustomerDetails | null>;
}

/** The customers and their one change: deactivating or reactivating an account (audited). */
export interface BackOfficeCustomers extends BackOfficeCustomerReads {
  /**
   * Deactivates the account (every session of it ends; signing in answers ACCOUNT_SUSPENDED) or
   * reactivates it; 404 CUSTOMER_NOT_FOUND for no such account.
   */
  setActive(id: string, active: boolean): Promise<ActionResult>;
}
