import type { ActionResult } from './actions.ts';
import type { Ok } from './errors.ts';
import type {
  EinvoiceList,
  EinvoiceOnboardBody,
  EinvoiceUnit,
  OrderEinvoices,
  einvoiceListQuery,
} from './einvoices.ts';
import type { z } from './zod.ts';

/** The documents list's filters as a page's query string gives them (strings, checked by the API). */
export type EinvoiceListInput = z.input<typeof einvoiceListQuery>;

/** The back office's e-invoices (any member reads and sends a document again; owners onboard). */
export interface BackOfficeEinvoices {
  /** One page of documents, newest first; a query the API cannot read throws a 400 Response. */
  page(query: EinvoiceListInput): Promise<EinvoiceList>;
  /** An order's invoice and credit notes; null when there is no such order. */
  ofOrder(ref: string): Promise<OrderEinvoices | null>;
  /** The signing unit's state: onboarded, certificate expiry, documents overdue. */
  unit(): Promise<EinvoiceUnit>;
  /** Sends a queued or rejected document to Fatoora again, as `POST /api/admin/einvoices/{uuid}/report`. */
  reportAgain(uuid: string): Promise<ActionResult<Ok>>;
  /** Onboards a signing unit (owners), as `POST /api/admin/einvoices/unit/onboard`. */
  onboard(body: EinvoiceOnboardBody): Promise<ActionResult<Ok & { unit: EinvoiceUnit }>>;
}
