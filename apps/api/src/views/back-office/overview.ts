import { paymentMethods, type Lang, type Overview, type PaymentMethod } from '@shop/contract';
import { and, asc, count, eq, gte, lt, lte, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products, productVariants, variantSaleColumns } from '../../modules/catalog/schema.ts';
import { orders } from '../../modules/orders/schema.ts';
import { campaignFigures } from '../../modules/discounts/campaigns.ts';
import { refunds } from '../../modules/refunds/schema.ts';
import { getSettings } from '../../modules/settings/service.ts';
import { statusOf } from '../orders/present.ts';

/**
 * The back office's overview: sales over Riyadh days, orders by status, the average order, the
 * products low on stock, and what the running discount codes and promotions brought this week. Every figure is one statement an index serves (migration 0009;
 * docs/decisions/120-customers-and-overview-from-indexes.md).
 */

/** Riyadh is UTC+03:00 all year (no daylight saving). */
const RIYADH_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const DAYS_CHARTED = 30;
const LOW_STOCK_SHOWN = 10;

/** The Riyadh day (days since 1970-01-01 in Riyadh) of an instant. */
export function riyadhDay(at: Date): number {
  return Math.floor((at.getTime() + RIYADH_OFFSET_MS) / DAY_MS);
}

/** Midnight in Riyadh that starts a Riyadh day, as an instant. */
export function riyadhMidnight(day: number): Date {
  return new Date(day * DAY_MS - RIYADH_OFFSET_MS);
}

function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Money that moved in a span, as (time, halalas, counts-as-an-order) rows: each paid order's
 * total when it was paid, and each completed refund as a negative amount when it was made, so
 * every sales figure is paid money net of refunds, with the method that took it. Both parts are
 * index range scans; a refund's method is looked up by its order's key, one row each (a join
 * would let the planner read every order).
 */
function moneyMovements(from: Date, to: Date) {
  return sql`select ${orders.paidAt} as at, ${orders.totalHalalas} as amount, 1 as paid_order,
           ${orders.paymentMethod} as method
      from ${orders}
     where ${orders.paidAt} is not null
       and ${orders.paidAt} >= ${from.toISOString()}::timestamptz
       and ${orders.paidAt} < ${to.toISOString()}::timestamptz
    union all
    select ${refunds.completedAt}, -${refunds.amountHalalas}, 0,
           (select ${orders.paymentMethod} from ${orders} where ${orders.id} = ${refunds.orderId})
      from ${refunds}
     where ${refunds.status} = 'succeeded'
       and ${refunds.completedAt} >= ${from.toISOString()}::timestamptz
       and ${refunds.completedAt} < ${to.toISOString()}::timestamptz`;
}

/**
 * Sales and paid orders per Riyadh day in [from, to), one index range scan. The day is date
 * arithmetic on the timestamp (UTC+3, then the date's distance from 1970-01-01), which costs a
 * fraction of epoch arithmetic in numerics over thousands of rows.
 */
async function salesByDay(db: Db, from: Date, to: Date): Promise<Map<number, DaySales>> {
  const result = await db.execute(sql`
    select (((m.at at time zone 'UTC') + interval '3 hours')::date - date '1970-01-01') as day,
           m.method as method,
           coalesce(sum(m.amount), 0)::float8 as sales,
           coalesce(sum(m.paid_order), 0)::int as orders
      from (${moneyMovements(from, to)}) m
     group by 1, 2`);
  const rows = (
    result as unknown as { rows: { day: number; method: string; sales: number; orders: number }[] }
  ).rows;
  const days = new Map<number, DaySales>();
  for (const r of rows) {
    const day = days.get(Number(r.day)) ?? { sales: 0, orders: 0, byMethod: new Map() };
    const figure = { sales: Math.round(Number(r.sales)), orders: Number(r.orders) };
    day.sales += figure.sales;
    day.orders += figure.orders;
    day.byMethod.set(r.method as PaymentMethod, figure);
    days.set(Number(r.day), day);
  }
  return days;
}

/** A Riyadh day's paid money net of refunds and its paid orders, in all and by payment method. */
interface DaySales {
  sales: number;
  orders: number;
  byMethod: Map<PaymentMethod, { sales: number; orders: number }>;
}

/** Sales and paid orders by payment method over the last 7 and 30 days, the methods that had any. */
function salesByMethod(byDay: Map<number, DaySales>, today: number): Overview['salesByMethod'] {
  const figures = new Map<PaymentMethod, Overview['salesByMethod'][number]>();
  for (let day = today - 29; day <= today; day++) {
    for (const [method, f] of byDay.get(day)?.byMethod ?? []) {
      const entry = figures.get(method) ?? {
        method,
        last7Days: { salesHalalas: 0, orders: 0 },
        last30Days: { salesHalalas: 0, orders: 0 },
      };
      entry.last30Days.salesHalalas += f.sales;
      entry.last30Days.orders += f.orders;
      if (day > today - 7) {
        entry.last7Days.salesHalalas += f.sales;
        entry.last7Days.orders += f.orders;
      }
      figures.set(method, entry);
    }
  }
  return paymentMethods.flatMap((m) => {
    const f = figures.get(m);
    return f ? [f] : [];
  });
}

/** Orders placed in [from, to) by status. */
async function ordersByStatus(db: Db, from: Date, to: Date): Promise<Overview['ordersByStatus']> {
  const rows = await db
    .select({ status: orders.status, received: orders.received, n: count() })
    .from(orders)
    .where(and(gte(orders.createdAt, from), lt(orders.createdAt, to)))
    .groupBy(orders.status, orders.received);
  const counts = new Map<string, number>();
  for (const row of rows) {
    const status = statusOf(row);
    counts.set(status, (counts.get(status) ?? 0) + row.n);
  }
  return [...counts]
    .map(([status, n]) => ({ status, count: n }))
    .sort((a, b) => b.count - a.count || a.status.localeCompare(b.status));
}

/**
 * The variants for sale at or under the low-stock setting, fewest first: a phone whose 256 GB
 * blue is running out is low on stock even while its other variants are not.
 */
async function lowStock(db: Db, lang: Lang): Promise<Overview['lowStock']> {
  const { lowStockThreshold: threshold } = await getSettings(db);
  const low = and(lte(productVariants.stock, threshold), not(productVariants.hidden), not(products.hidden));
  const options = lang === 'ar' ? variantSaleColumns.optionsAr : variantSaleColumns.optionsEn;
  const [items, counted] = await Promise.all([
    db
      .select({
        id: products.id,
        sku: productVariants.sku,
        name: sql<string>`${lang === 'ar' ? products.nameAr : products.nameEn} || coalesce(' · ' || nullif(${options}, ''), '')`,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(low)
      .orderBy(asc(productVariants.stock), asc(productVariants.id))
      .limit(LOW_STOCK_SHOWN),
    db
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(low),
  ]);
  return { threshold, total: counted[0]?.n ?? 0, items };
}

/** Every figure of the overview, as of `now`. */
export async function overview(db: Db, lang: Lang, now = new Date()): Promise<Overview> {
  const today = riyadhDay(now);
  const firstDay = today - (DAYS_CHARTED - 1);
  const from = riyadhMidnight(firstDay);
  const to = riyadhMidnight(today + 1);
  const [byDay, statuses, stock, campaigns] = await Promise.all([
    salesByDay(db, from, to),
    ordersByStatus(db, from, to),
    lowStock(db, lang),
    campaignFigures(db, lang, riyadhMidnight(today - 6), now),
  ]);
  const daily: Overview['daily'] = [];
  for (let day = firstDay; day <= today; day++) {
    const d = byDay.get(day);
    daily.push({ date: isoDate(day), salesHalalas: d?.sales ?? 0, orders: d?.orders ?? 0 });
  }
  const span = (days: number) => {
    const inSpan = daily.slice(-days);
    return {
      from: riyadhMidnight(today - (days - 1)).toISOString(),
      salesHalalas: inSpan.reduce((s, d) => s + d.salesHalalas, 0),
      orders: inSpan.reduce((s, d) => s + d.orders, 0),
    };
  };
  const last30Days = span(30);
  return {
    generatedAt: now.toISOString(),
    today: span(1),
    last7Days: span(7),
    last30Days,
    averageOrderHalalas: last30Days.orders > 0 ? Math.round(last30Days.salesHalalas / last30Days.orders) : 0,
    ordersByStatus: statuses,
    salesByMethod: salesByMethod(byDay, today),
    lowStock: stock,
    campaigns,
    daily,
  };
}
