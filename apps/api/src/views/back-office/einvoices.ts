import {
  einvoicePaths,
  einvoiceStatusLabels,
  type EinvoiceDocument,
  type EinvoiceList,
  type EinvoiceListQuery,
  type EinvoiceUnit,
  type Lang,
  type OrderEinvoices,
} from '@shop/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  activeUnit,
  documentByUuid,
  documentsOfOrder,
  documentsPage,
  overdueCount,
} from '../../modules/einvoices/service.ts';
import type { EinvoiceDocumentRow } from '../../modules/einvoices/schema.ts';
import type { OrderRef } from '../../modules/orders/lifecycle.ts';
import { orders } from '../../modules/orders/schema.ts';
import { findOrder } from '../../modules/orders/service.ts';
import { getSettings } from '../../modules/settings/service.ts';

/** The e-invoices in the back office: lists, one order's documents, the XML, the unit's state. */

/** A certificate expiring within this is shown on the dashboard. */
const EXPIRY_WARNING_MS = 30 * 86_400_000;
/** ZATCA wants reporting within 24 hours; the back office warns after 20. */
const OVERDUE_AFTER_MS = 20 * 3_600_000;

function present(row: EinvoiceDocumentRow, orderNumber: number, lang: Lang): EinvoiceDocument {
  return {
    uuid: row.uuid,
    orderId: row.orderId,
    orderNumber,
    refundId: row.refundId,
    kind: row.kind,
    number: row.number,
    icv: row.icv,
    hash: row.hash,
    issuedAt: row.issuedAt.toISOString(),
    status: row.status,
    statusLabel: einvoiceStatusLabels[row.status][lang],
    messages: row.messages,
    attempts: row.attempts,
    lastError: row.lastError,
    reportedAt: row.reportedAt?.toISOString() ?? null,
    xmlUrl: einvoicePaths.xml.build({ uuid: row.uuid }),
  };
}

async function orderNumbers(db: Db, orderIds: string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ id: orders.id, number: orders.number })
    .from(orders)
    .where(inArray(orders.id, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.id, r.number ?? 0]));
}

/** One page of documents, newest first, optionally of one status. */
export async function einvoiceList(db: Db, query: EinvoiceListQuery, lang: Lang): Promise<EinvoiceList> {
  const { rows, total } = await documentsPage(db, query);
  const numbers = await orderNumbers(
    db,
    rows.map((r) => r.orderId),
  );
  return {
    documents: rows.map((r) => present(r, numbers.get(r.orderId) ?? 0, lang)),
    page: query.page,
    pageCount: Math.ceil(total / query.pageSize),
    total,
  };
}

/** An order's invoice and credit notes; null when there is no such order. */
export async function orderEinvoices(db: Db, ref: OrderRef, lang: Lang): Promise<OrderEinvoices | null> {
  const order = await findOrder(db, ref);
  if (!order) return null;
  const rows = await documentsOfOrder(db, order.id);
  return {
    orderId: order.id,
    orderNumber: order.number ?? 0,
    documents: rows.map((r) => present(r, order.number ?? 0, lang)),
  };
}

/** A document's signed XML and number (its file name); null when there is none. */
export async function einvoiceXml(db: Db, uuid: string): Promise<{ number: string; xml: string } | null> {
  const row = await documentByUuid(db, uuid);
  return row && { number: row.number, xml: row.xml };
}

/** The active signing unit, its certificate's expiry and the documents overdue (dashboard, onboarding page). */
export async function einvoiceUnitState(db: Db, now = new Date()): Promise<EinvoiceUnit> {
  const [unit, overdue, settings] = await Promise.all([
    activeUnit(db),
    overdueCount(db, new Date(now.getTime() - OVERDUE_AFTER_MS)),
    getSettings(db),
  ]);
  return {
    onboarded: unit !== null,
    environment: unit?.environment ?? null,
    commonName: unit?.commonName ?? null,
    serialNumber: unit?.serialNumber ?? null,
    certificateExpiresAt: unit?.certificateExpiresAt.toISOString() ?? null,
    certificateExpiring: unit
      ? unit.certificateExpiresAt.getTime() - now.getTime() < EXPIRY_WARNING_MS
      : false,
    overdue,
    icv: unit?.icv ?? 0,
    sellerDefaults: unit
      ? {
          legalName: unit.seller.legalName,
          vatNumber: unit.seller.vatNumber,
          commercialRegister: unit.seller.commercialRegister,
          ...unit.seller.address,
        }
      : {
          legalName: settings.sellerName.ar,
          vatNumber: settings.taxNumber,
          commercialRegister: settings.commercialRegister,
        },
  };
}
