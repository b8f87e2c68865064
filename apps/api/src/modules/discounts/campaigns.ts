import type { Lang } from '@shop/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** What a running code or promotion brought since a moment: its paid orders and their sales. */
export interface CampaignFigure {
  kind: 'code' | 'promotion';
  id: number;
  name: string;
  orders: number;
  /** The paid orders' totals less what was refunded of them, VAT included. */
  salesHalalas: number;
}

/** Campaigns shown at most: the best-selling first. */
const SHOWN = 10;

/**
 * The codes and promotions running at `now`, each with the orders paid since `since` that were
 * placed with the code or hold a line under the promotion, and those orders' sales less their
 * refunds. One statement: the back office's home page reads it with its other figures.
 */
export async function campaignFigures(db: Db, lang: Lang, since: Date, now: Date): Promise<CampaignFigure[]> {
  const from = since.toISOString();
  const at = now.toISOString();
  const result = await db.execute(sql`
    select * from (
      select 'code' as kind, c.id, c.code as name, f.orders, f.sales
        from discount_codes c
        cross join lateral (
          select count(*)::int as orders, coalesce(sum(o.total_halalas - o.refunded_halalas), 0)::float8 as sales
            from discount_redemptions r join orders o on o.id = r.order_id
           where r.code_id = c.id and o.paid_at >= ${from}::timestamptz) f
       where c.enabled
         and (c.starts_at is null or c.starts_at <= ${at}::timestamptz)
         and (c.ends_at is null or c.ends_at > ${at}::timestamptz)
      union all
      select 'promotion', p.id, ${lang === 'en' ? sql`p.name_en` : sql`p.name_ar`}, f.orders, f.sales
        from promotions p
        cross join lateral (
          select count(*)::int as orders, coalesce(sum(o.total_halalas - o.refunded_halalas), 0)::float8 as sales
            from orders o
           where o.paid_at >= ${from}::timestamptz
             and exists (select 1 from order_lines l where l.order_id = o.id and l.promotion_id = p.id)) f
       where p.enabled and p.starts_at <= ${at}::timestamptz and p.ends_at > ${at}::timestamptz
    ) campaigns
    order by sales desc, orders desc, kind, id
    limit ${SHOWN}`);
  const rows = (
    result as unknown as {
      rows: { kind: 'code' | 'promotion'; id: number; name: string; orders: number; sales: number }[];
    }
  ).rows;
  return rows.map((r) => ({
    kind: r.kind,
    id: Number(r.id),
    name: r.name,
    orders: Number(r.orders),
    salesHalalas: Math.round(Number(r.sales)),
  }));
}
