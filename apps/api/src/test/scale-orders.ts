import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/**
 * Shoppers and orders in bulk, deterministic, written by the database itself (generate_series):
 * for the back office's plan test and its benchmark. Orders are spread over the last 60 days:
 * 70 % paid (a third of them delivered), the rest failed, expired or awaiting payment. They carry
 * no lines: nothing that reads them here looks at lines. Ends as a bulk load should: vacuumed
 * and analysed, so the planner sees the tables as they are.
 */
export async function generateShoppersAndOrders(
  db: Db,
  { shoppers, orders }: { shoppers: number; orders: number },
): Promise<void> {
  await db.execute(sql`
    insert into users (name, email, phone, password_hash, created_at, updated_at)
    select 'عميل ' || i || ' Customer ' || i,
           'customer' || i || '@example.com',
           '+96650' || lpad(i::text, 7, '0'),
           'not-a-password-hash',
           now() - ((i * 7) % 700) * interval '1 day',
           now()
      from generate_series(1, ${shoppers}::int) i`);
  await db.execute(sql`
    with numbered as (select id, row_number() over (order by id) as n from users)
    insert into orders (user_id, status, received, fulfilment, address, subtotal_halalas, shipping_halalas,
                        discount_halalas, total_halalas, vat_halalas, expires_at, paid_at,
                        payment_id, created_at, updated_at)
    select u.id,
           case when i % 10 < 7 then 'paid' when i % 10 = 7 then 'failed'
                when i % 10 = 8 then 'expired' else 'awaiting_payment' end,
           i % 10 < 7 and i % 3 = 0,
           case when i % 10 < 7 and i % 3 = 0 then 'delivered' else 'unfulfilled' end,
           'Riyadh',
           10000 + (i * 7919) % 500000, 7000, 0,
           17000 + (i * 7919) % 500000,
           round((17000 + (i * 7919) % 500000) * 15 / 115.0)::int,
           now() - ((i * 37) % 86400) * interval '1 minute' + interval '30 minutes',
           case when i % 10 < 7 then now() - ((i * 37) % 86400) * interval '1 minute' end,
           case when i % 10 < 7 then 'generated_' || i end,
           now() - ((i * 37) % 86400) * interval '1 minute' - interval '2 minutes',
           now()
      from generate_series(1, ${orders}::int) i
      join numbered u on u.n = 1 + (i * 7919) % ${shoppers}::int`);
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze orders`);
  await db.execute(sql`vacuum analyze customer_stats`);
}
