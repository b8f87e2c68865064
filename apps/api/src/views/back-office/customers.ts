import type { CustomerDetails, CustomerPage, CustomerQuery, CustomerSummary } from '@shop/contract';
import { CUSTOMER_ORDERS_SHOWN } from '@shop/contract';
import { and, asc, count, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customerStats } from '../../modules/orders/schema.ts';
import { accountSuspensions, users } from '../../modules/users/schema.ts';
import { listAddresses, toAddressAnswer } from '../../modules/addresses/service.ts';
import { statusOf } from '../orders/present.ts';
import { ordersOfCustomer } from '../../modules/orders/service.ts';

/**
 * The back office's reads of shopper accounts: a searchable, sortable list and one customer's
 * details. Reads only; the users module changes accounts. Each list order and filter has an
 * index (migration 0009): see docs/decisions/120-customers-and-overview-from-indexes.md.
 */

/** The same expression as the trigram index `users_search_trgm`, so the planner can use it. */
const searchText = sql`(lower(${users.name}) || ' ' || ${users.email} || ' ' || ${users.phone})`;

/**
 * What a search term looks for in the search text: lower-cased, LIKE's wildcards escaped, and a
 * mobile typed the local way (05…, or with spaces and dashes) turned into the stored +9665… form
 * so that it is found as a substring.
 */
export function customerSearchPattern(q: string): string {
  let term = q.trim().toLowerCase();
  const digits = term.replace(/[\s\-()]/g, '');
  if (/^0?5[0-9]*$/.test(digits) && digits.length >= 2) term = digits.replace(/^0/, '');
  else if (/^(\+|00)?9665[0-9]*$/.test(digits)) term = `+${digits.replace(/^(\+|00)/, '')}`;
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const summaryColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  phone: users.phone,
  active: users.active,
  createdAt: users.createdAt,
  suspended: sql<boolean>`(${accountSuspensions.userId} is not null)`,
  ordersCount: customerStats.ordersCount,
  spentHalalas: customerStats.spentHalalas,
};

type SummaryRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  active: boolean;
  createdAt: Date;
  suspended: boolean;
  ordersCount: number | null;
  spentHalalas: number | null;
};

function present(row: SummaryRow): CustomerSummary {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    active: row.active,
    deactivatedBy: row.active ? null : row.suspended ? 'shop' : 'shopper',
    registeredAt: row.createdAt.toISOString(),
    ordersCount: row.ordersCount ?? 0,
    spentHalalas: Number(row.spentHalalas ?? 0),
  };
}

function orderBy(query: CustomerQuery): SQL[] {
  const dir = query.dir === 'asc' ? asc : desc;
  switch (query.sort) {
    case 'name':
      return [dir(sql`lower(${users.name})`)];
    case 'orders':
      return [dir(customerStats.ordersCount), dir(customerStats.userId)];
    case 'spent':
      return [dir(customerStats.spentHalalas), dir(customerStats.userId)];
    case 'registered':
      return [dir(users.createdAt), dir(users.id)];
  }
}

/** A page of customers: search, filters, sort and paging as the query says. */
export async function listCustomers(db: Db, query: CustomerQuery): Promise<CustomerPage> {
  const filters: SQL[] = [];
  if (query.q) filters.push(sql`${searchText} like ${customerSearchPattern(query.q)}`);
  if (query.status) filters.push(eq(users.active, query.status === 'active'));
  if (query.from) filters.push(gte(users.createdAt, query.from));
  if (query.to) filters.push(lt(users.createdAt, query.to));
  const where = filters.length > 0 ? and(...filters) : undefined;
  const [rows, counted] = await Promise.all([
    db
      .select(summaryColumns)
      .from(users)
      .innerJoin(customerStats, eq(customerStats.userId, users.id))
      .leftJoin(accountSuspensions, eq(accountSuspensions.userId, users.id))
      .where(where)
      .orderBy(...orderBy(query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { items: rows.map(present), page: query.page, pageSize: query.pageSize, total: counted[0]?.n ?? 0 };
}

/** One customer as a list shows them; null when there is no such account. */
export async function customerSummary(db: Db | Tx, userId: string): Promise<CustomerSummary | null> {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .leftJoin(customerStats, eq(customerStats.userId, users.id))
    .leftJoin(accountSuspensions, eq(accountSuspensions.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? present(row) : null;
}

/** A customer's profile, addresses and orders (newest first); null when there is no such account. */
export async function customerDetails(db: Db, userId: string): Promise<CustomerDetails | null> {
  const customer = await customerSummary(db, userId);
  if (!customer) return null;
  const [addressRows, placed] = await Promise.all([
    listAddresses(db, userId),
    ordersOfCustomer(db, userId, CUSTOMER_ORDERS_SHOWN),
  ]);
  return {
    customer,
    addresses: addressRows.map(toAddressAnswer),
    orders: placed.rows.map((o) => ({
      id: o.id,
      number: o.number ?? 0,
      createdAt: o.createdAt.toISOString(),
      status: statusOf(o),
      totalHalalas: o.totalHalalas,
    })),
    ordersTotal: placed.total,
  };
}
