import type { AdminOrderSort, AdminOrdersQuery } from '@shop/contract';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders } from '../../modules/orders/schema.ts';
import { payments } from '../../modules/payments/schema.ts';
import { staff } from '../../modules/staff/schema.ts';
import { users } from '../../modules/users/schema.ts';
import type { OrderRow } from '../../modules/orders/lifecycle.ts';
import {
  fulfilmentEventsOf,
  linesOfOrders,
  type OrderLineRow,
  type OrderRef,
} from '../../modules/orders/service.ts';
import type { FulfilmentEventRow } from '../../modules/orders/lifecycle.ts';
import { refundsOfOrders, type RefundRow } from '../../modules/refunds/service.ts';

/**
 * The back office's reads of orders. The list and its search are served by indexes at tens of thousands of orders (migration 0007, decision 110):
 * every filter and sort has a btree index with the creation time, and the search's text
 * matches are trigram indexes on the order's phone and the customer's name, e-mail and phone.
 */

export type { OrderRef };

export interface CustomerRow {
  id: string;
  name: string;
  email: string;
  phone: string;
}

export interface AdminOrderRow {
  order: OrderRow;
  customer: CustomerRow;
  items: number;
}

const PAID_STAGES = ['paid', 'shipped', 'delivered', 'partially_refunded', 'refunded'];
const UNPAID_STAGES = ['awaiting_payment', 'failed', 'expired', 'cancelled'];

const customerColumns = { id: users.id, name: users.name, email: users.email, phone: users.phone };

/** Units on the order (one index lookup per order). */
const itemsColumn = sql<number>`(select coalesce(sum(l.quantity), 0)::int from order_lines l where l.order_id = ${orders.id})`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The digits a phone search looks for, whatever way it was typed: `0512345678`, `512345678`,
 * `+966512345678` and `00966 51 234 5678` all become `512345678`. Null when the query is not
 * a phone number (letters, or fewer than four digits).
 */
export function phoneDigits(q: string): string | null {
  if (!/^[+0-9\s()-]+$/.test(q)) return null;
  let digits = q.replace(/\D/g, '');
  if (digits.startsWith('00966')) digits = digits.slice(5);
  else if (digits.startsWith('966')) digits = digits.slice(3);
  digits = digits.replace(/^0+/, '');
  return digits.length >= 4 ? digits : null;
}

/**
 * Orders matching a search, as a set of ids: one branch per index (the number's unique index,
 * the trigram indexes of the order's phone and of the customer's name, e-mail and phone), so
 * the planner reads each index instead of testing every order.
 */
function searchCondition(q: string): SQL {
  const branches: SQL[] = [];
  if (/^[0-9]{1,15}$/.test(q)) branches.push(sql`select o.id from orders o where o.number = ${Number(q)}`);
  const digits = phoneDigits(q);
  if (digits) {
    const pattern = `%${digits}%`;
    branches.push(sql`select o.id from orders o where o.phone like ${pattern}`);
    branches.push(
      sql`select o.id from orders o where o.user_id in (select u.id from users u where u.phone like ${pattern})`,
    );
  }
  if (!/^[0-9\s]+$/.test(q)) {
    const pattern = `%${likeEscape(q)}%`;
    branches.push(
      sql`select o.id from orders o where o.user_id in (select u.id from users u where u.name ilike ${pattern} or u.email ilike ${pattern})`,
    );
  }
  return sql`${orders.id} in (${sql.join(branches, sql` union `)})`;
}

function whereOf(query: AdminOrdersQuery): SQL | undefined {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(orders.stage, query.status));
  // Paid or not, through the status index: an order has a payment time exactly when its
  // status is one of these (a failed order paid late becomes paid; a cancelled one never is).
  if (query.paid) filters.push(inArray(orders.stage, query.paid === 'yes' ? PAID_STAGES : UNPAID_STAGES));
  if (query.delivered) filters.push(eq(orders.received, query.delivered === 'yes'));
  if (query.method) filters.push(eq(orders.paymentMethod, query.method));
  if (query.awaitingCapture === 'yes') filters.push(isNotNull(orders.captureStatus));
  if (query.awaitingCapture === 'no') filters.push(isNull(orders.captureStatus));
  if (query.from) filters.push(gte(orders.createdAt, query.from));
  if (query.to) filters.push(lt(orders.createdAt, query.to));
  if (query.q) filters.push(searchCondition(query.q));
  return filters.length > 0 ? and(...filters) : undefined;
}

/** Each sort ends on the order number, so a page never shows an order twice. */
function orderByOf(sort: AdminOrderSort, dir: 'asc' | 'desc'): SQL[] {
  const by = dir === 'asc' ? asc : desc;
  switch (sort) {
    case 'number':
      return [by(orders.number)];
    case 'total':
      return [by(orders.totalHalalas), by(orders.number)];
    case 'status':
      return [by(orders.stage), by(orders.createdAt), by(orders.number)];
    case 'date':
      return [by(orders.createdAt), by(orders.number)];
  }
}

/** One page of orders with their customers, and how many orders match in all. */
export async function listAdminOrders(
  db: Db,
  query: AdminOrdersQuery,
): Promise<{ rows: AdminOrderRow[]; total: number }> {
  const read = async (q: Db) => {
    const rows = await adminOrderRows(q, query, query.pageSize, (query.page - 1) * query.pageSize);
    const [counted] = await q
      .select({ total: sql<number>`count(*)::int` })
      .from(orders)
      .where(whereOf(query));
    return { rows, total: counted?.total ?? 0 };
  };
  if (!query.q) return read(db);
  // A search that matches many customers could make a scan of every order look cheaper than
  // the ids its indexes give; as for the catalog's search, the planner is not let scan.
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  });
}

/** Orders matching the query, in its order, `limit` from `offset`. */
export async function adminOrderRows(
  db: Db,
  query: AdminOrdersQuery,
  limit: number,
  offset: number,
): Promise<AdminOrderRow[]> {
  return db
    .select({ order: orders, customer: customerColumns, items: itemsColumn })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(whereOf(query))
    .orderBy(...orderByOf(query.sort, query.dir))
    .limit(limit)
    .offset(offset);
}

export interface AdminOrderDetails extends AdminOrderRow {
  lines: OrderLineRow[];
  payments: (typeof payments.$inferSelect)[];
  /** Names of the members who shipped, delivered, cancelled or refunded it, by id. */
  staffNames: Map<string, string>;
  /** Its refunds (any status), oldest first. */
  refunds: RefundRow[];
  /** Its fulfilment steps, oldest first. */
  events: FulfilmentEventRow[];
}

async function findRow(db: Db, ref: OrderRef): Promise<AdminOrderRow | null> {
  const [row] = await db
    .select({ order: orders, customer: customerColumns, items: itemsColumn })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where('number' in ref ? eq(orders.number, ref.number) : eq(orders.id, ref.id))
    .limit(1);
  return row ?? null;
}

/** The order with its lines, payments and who acted on it; null when there is no such order. */
export async function adminOrderDetails(db: Db, ref: OrderRef): Promise<AdminOrderDetails | null> {
  const row = await findRow(db, ref);
  if (!row) return null;
  const { order } = row;
  const [refundRows, eventRows] = await Promise.all([
    refundsOfOrders(db, [order.id]),
    fulfilmentEventsOf(db, [order.id]),
  ]);
  const refunds = refundRows.get(order.id) ?? [];
  const events = eventRows.get(order.id) ?? [];
  const actorIds = [
    ...new Set([
      order.shippedBy,
      order.deliveredBy,
      order.cancelledBy,
      ...refunds.map((r) => r.staffId),
      ...events.map((e) => e.staffId),
    ]),
  ].filter((id): id is string => !!id);
  const [lines, paymentRows, members] = await Promise.all([
    linesOfOrders(db, [order.id]),
    db
      .select()
      .from(payments)
      .where(eq(payments.orderId, order.id))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
    actorIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: staff.id, name: staff.name })
          .from(staff)
          .where(sql`${staff.id} in (${sql.join(actorIds, sql`, `)})`),
  ]);
  return {
    ...row,
    lines: lines.get(order.id) ?? [],
    payments: paymentRows,
    staffNames: new Map(members.map((m) => [m.id, m.name])),
    refunds,
    events,
  };
}
