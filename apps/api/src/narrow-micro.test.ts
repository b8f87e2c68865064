import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { it } from 'vitest';
import type { Db } from './db/client.ts';
import { ListingIndex } from './modules/catalog/listing-index.ts';

it('micro', async () => {
  const pool = new pg.Pool({ connectionString: process.env.SCALE_DB });
  const db = drizzle(pool) as unknown as Db;
  let t = performance.now();
  const shelves = await new ListingIndex(db).ready();
  console.log('read all ms', (performance.now() - t).toFixed(0), 'size', shelves.size, 'keys', shelves.keyNames.length);
  const keys = shelves.keyNames;
  for (const round of [1, 2, 3]) {
    t = performance.now();
    let n = 0;
    for (let i = 0; i < 500; i++) {
      const c = 1 + (i % 12);
      const facet = [keys[(i * 7) % keys.length]!, keys[(i * 13) % keys.length]!];
      shelves.narrow(shelves.shelf(c, undefined), { facet, inStock: i % 3 === 0, makers: true, counts: true, offset: 0, limit: 8 });
      n++;
    }
    console.log('round', round, 'category with counts ms/op', ((performance.now() - t) / n).toFixed(3));
    t = performance.now();
    for (let i = 0; i < 50; i++) shelves.narrow(shelves.shelf(undefined, undefined), { facet: [keys[i % keys.length]!], inStock: false, makers: true, counts: true, offset: 0, limit: 8 });
    console.log('round', round, 'whole catalog with counts ms/op', ((performance.now() - t) / 50).toFixed(3));
    t = performance.now();
    for (let i = 0; i < 500; i++) shelves.narrow(shelves.shelf(1 + (i % 12), undefined), { facet: [], inStock: false, minPrice: 10000, maxPrice: 300000, makers: true, counts: false, offset: 80, limit: 8 });
    console.log('round', round, 'category no counts ms/op', ((performance.now() - t) / 500).toFixed(3));
  }
  const before = process.memoryUsage().heapUsed;
  const again = await new ListingIndex(db).ready();
  global.gc?.();
  console.log('heap delta MB (rough)', ((process.memoryUsage().heapUsed - before) / 1e6).toFixed(1), again.size);
  await pool.end();
}, 120_000);
