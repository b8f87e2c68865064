import {
  halalasToSar,
  type AdminReturn,
  type AdminReturnsPage,
  type AdminReturnsQuery,
  type Lang,
  type OrderReturns,
  type ReturnRequest,
} from '@shop/contract';
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import { orders } from '../../modules/orders/schema.ts';
import { linesOfOrders, type OrderLineRow } from '../../modules/orders/service.ts';
import type { RefundRow } from '../../modules/refunds/service.ts';
import { returnRequests } from '../../modules/returns/schema.ts';
import {
  returnableUnits,
  returnsByIds,
  returnWindowEnd,
  type ReturnWithLines,
} from '../../modules/returns/service.ts';
import { users } from '../../modules/users/schema.ts';
import { optionsOf } from '../orders/present.ts';

/**
 * Return requests as the shopper's order page, the back office's order page and its returns
 * queue read them (decision 230): the lines in the reader's language with what they come to,
 * and for the back office what the member may do next.
 */

export function presentReturn(row: ReturnWithLines, lines: OrderLineRow[], lang: Lang): ReturnRequest {
  let amountHalalas = 0;
  const presented = row.lines.flatMap((unit) => {
    const line = lines.find((l) => l.id === unit.orderLineId);
    if (!line) return [];
    amountHalalas += line.unitPriceHalalas * unit.quantity;
    return [
      {
        lineId: line.id,
        productName: lang === 'en' ? line.nameEn : line.nameAr,
        ...optionsOf(line, lang),
        quantity: unit.quantity,
        amount: halalasToSar(line.unitPriceHalalas * unit.quantity),
      },
    ];
  });
  return {
    id: row.id,
    status: row.status,
    reason: row.reason,
    details: row.details,
    photos: row.photos,
    staffNote: row.staffNote,
    lines: presented,
    amount: halalasToSar(amountHalalas),
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    refundedAt: row.refundedAt?.toISOString() ?? null,
  };
}

/** What a shopper's order page shows of returns: the window, what is left to return, the requests. */
export function presentOrderReturns(
  order: OrderRow,
  data: { lines: OrderLineRow[]; refunds: RefundRow[]; returns: ReturnWithLines[] },
  windowHours: number,
  lang: Lang,
  now = new Date(),
): OrderReturns {
  const windowEnd = order.fulfilment === 'delivered' ? returnWindowEnd(order.deliveredAt, windowHours) : null;
  const left = returnableUnits(data.lines, data.returns, data.refunds);
  const returnable = order.status === 'paid' || order.status === 'partially_refunded';
  const lines = data.lines.map((line) => ({
    lineId: line.id,
    productName: lang === 'en' ? line.nameEn : line.nameAr,
    ...optionsOf(line, lang),
    productImage: line.image,
    bought: line.quantity,
    returnable: left.get(line.id) ?? 0,
  }));
  return {
    windowHours,
    windowEndsAt: windowEnd?.toISOString() ?? null,
    open: returnable && windowEnd !== null && now <= windowEnd && lines.some((l) => l.returnable > 0),
    lines,
    requests: data.returns.map((row) => presentReturn(row, data.lines, lang)),
  };
}

/** A request as the back office shows it, with the steps the member may take. */
export function presentAdminReturn(
  row: ReturnWithLines,
  lines: OrderLineRow[],
  order: { id: string; number: number },
  customer: { name: string; email: string },
  lang: Lang,
): AdminReturn {
  return {
    ...presentReturn(row, lines, lang),
    orderId: order.id,
    orderNumber: order.number,
    customer,
    can: {
      approve: row.status === 'requested',
      reject: row.status === 'requested',
      receive: row.status === 'approved',
      refund: row.status === 'received',
    },
  };
}

/** The returns queue: newest first, by status, by order number (or its first digits). */
export async function adminReturnsPage(
  db: Db,
  query: AdminReturnsQuery,
  lang: Lang,
): Promise<AdminReturnsPage> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(returnRequests.status, query.status));
  const digits = query.q?.replace(/[^0-9]/g, '') ?? '';
  if (query.q && digits === '') where.push(sql`false`);
  else if (digits) where.push(sql`${orders.number}::text like ${`${digits}%`}`);
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: returnRequests.id,
        orderId: orders.id,
        number: orders.number,
        name: users.name,
        email: users.email,
      })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .innerJoin(users, eq(users.id, returnRequests.userId))
      .where(condition)
      .orderBy(desc(returnRequests.createdAt), desc(returnRequests.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(returnRequests)
      .innerJoin(orders, eq(orders.id, returnRequests.orderId))
      .where(condition),
  ]);
  const [requests, lines] = await Promise.all([
    returnsByIds(
      db,
      rows.map((r) => r.id),
    ),
    linesOfOrders(db, [...new Set(rows.map((r) => r.orderId))]),
  ]);
  const items = requests.map((request) => {
    const row = rows.find((r) => r.id === request.id)!;
    return presentAdminReturn(
      request,
      lines.get(row.orderId) ?? [],
      { id: row.orderId, number: row.number },
      { name: row.name, email: row.email },
      lang,
    );
  });
  return { items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}
