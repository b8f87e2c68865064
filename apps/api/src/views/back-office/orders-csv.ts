import { Readable } from 'node:stream';
import { halalasToSar, type AdminOrdersQuery, type Lang } from '@shop/contract';
import { adminOrderCsvColumns, adminOrderStatusLabels } from '@shop/contract';
import type { Db } from '../../db/client.ts';
import { csvLine } from '../../lib/csv.ts';
import { adminOrderRows, type AdminOrderRow } from './orders-read.ts';
import { adminStatusOf } from './order-present.ts';

/** Rows read from the database per query while the file streams out. */
const BATCH = 500;

/** Excel reads a UTF-8 file as UTF-8 (Arabic included) only when it starts with a BOM. */
const BOM = '\uFEFF';

/** A time as Riyadh reads it (`2026-11-25 14:03`): Riyadh is UTC+03:00 all year. */
function riyadhTime(date: Date | null): string | null {
  if (!date) return null;
  return new Date(date.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

const money = (halalas: number) => halalasToSar(halalas).toFixed(2);

function rowCells({ order, customer, items }: AdminOrderRow, lang: Lang) {
  return [
    order.number,
    riyadhTime(order.createdAt),
    adminOrderStatusLabels[adminStatusOf(order.stage)][lang],
    riyadhTime(order.paidAt),
    riyadhTime(order.shippedAt),
    order.received ? (riyadhTime(order.deliveredAt) ?? adminOrderStatusLabels.delivered[lang]) : null,
    customer.name,
    customer.email,
    customer.phone,
    order.phone,
    order.address,
    items,
    money(order.subtotalHalalas),
    money(order.discountHalalas),
    money(order.shippingHalalas),
    money(order.vatHalalas),
    money(order.totalHalalas),
  ];
}

/**
 * The orders matching `query`, in its order, as a CSV file in the member's language, streamed:
 * it reads the orders a batch at a time while the file goes out, so an export of every order
 * never holds them all in memory.
 */
export function ordersCsv(db: Db, query: AdminOrdersQuery, lang: Lang): Readable {
  async function* lines() {
    yield BOM + csvLine(adminOrderCsvColumns.map((c) => c[lang]));
    for (let offset = 0; ; offset += BATCH) {
      const rows = await adminOrderRows(db, query, BATCH, offset);
      if (rows.length > 0) yield rows.map((row) => csvLine(rowCells(row, lang))).join('');
      if (rows.length < BATCH) return;
    }
  }
  return Readable.from(lines());
}
