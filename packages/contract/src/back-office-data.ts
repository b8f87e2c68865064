import type { BackOfficeCatalog } from './admin-catalog-data.ts';
import type { AuditPage, StaffAccess, StaffMe, StaffNeed, auditQuery } from './admin.ts';
import type { BackOfficeOrders } from './admin-orders-data.ts';
import type { BackOfficeCustomers, BackOfficeOverviewReads } from './admin-insights-data.ts';
import type { BackOfficeAccount, BackOfficeStaff } from './admin-staff-data.ts';
import type { BackOfficeContent } from './admin-content-data.ts';
import type { Lang } from './messages.ts';
import type { BackOfficeRefunds } from './admin-refunds-data.ts';
import type { BackOfficeReturns } from './returns.ts';
import type { BackOfficeReviews } from './reviews.ts';
import type { BackOfficeEinvoices } from './admin-einvoices-data.ts';
import type { z } from './zod.ts';
import type { BackOfficeMessages } from './shopper-messages.ts';
import type { BackOfficeDiscountCodes } from './discounts-data.ts';

/** The audit log's filters as a page's query string gives them (strings, checked by the API). */
export type AuditFilterInput = z.input<typeof auditQuery>;

/** The audit log (owner only: a member with the role `staff` gets a 403 Response thrown). */
export interface BackOfficeAuditReads {
  /** One page, newest first. Filters the API cannot read throw a 400 Response. */
  page(filter: AuditFilterInput): Promise<AuditPage>;
}

/**
 * What the back office's page loaders read, straight from the API's services (no HTTP), for
 * the staff member of the page request, whose `staff_session` cookie the API resolves once per
 * request; and the changes of every area (signing in included), made by the same use cases as
 * the API's calls, each answering an `ActionResult`.
 *
 * One property per area. An area's reads throw a Response the router turns into the page's
 * status: 401 without a live staff session, 403 below the role they need (or while the member
 * must still turn on two-step verification), 400 for a query they cannot read. A change answers
 * the same refusals as its `ActionResult`.
 */
export interface BackOfficeData {
  readonly lang: Lang;
  /** The signed-in member and their session's deadlines; null without a live staff session. */
  me(): Promise<StaffMe | null>;
  /**
   * What the back office's access rule decides for this request's member and a page's need (the
   * rule the API's guard applies): the page only says what a refusal looks like.
   */
  access(need: StaffNeed): Promise<StaffAccess>;

  // signing in and out, and the member's own account
  account: BackOfficeAccount;

  // overview and customers
  overview: BackOfficeOverviewReads;
  customers: BackOfficeCustomers;

  // orders
  orders: BackOfficeOrders;

  // refunds and credit notes
  refunds: BackOfficeRefunds;

  // returns: the queue, decisions, receiving (any member) and refunds (owners)
  returns: BackOfficeReturns;

  // reviews: the queue, approving, hiding and answering (any member)
  reviews: BackOfficeReviews;

  // e-invoices (ZATCA phase 2)
  einvoices: BackOfficeEinvoices;

  // catalog
  catalog: BackOfficeCatalog;

  // discount codes (staff read, owners change)
  discounts: BackOfficeDiscountCodes;

  // content, import and settings
  content: BackOfficeContent;

  // messages to shoppers: templates
  messages: BackOfficeMessages;

  // staff and audit
  staff: BackOfficeStaff;
  audit: BackOfficeAuditReads;
}

/** Back-office data in a language: what the API hands each page request's loaders. */
export type BackOfficeDataSource = (lang: Lang) => BackOfficeData;
