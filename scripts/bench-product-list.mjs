#!/usr/bin/env node
// The back office's product list at scale: a fresh database with the generated catalog
// (scripts/scale-catalog.mjs, 100,000 products by default, loaded by the real importer), then
// each filter of the list's first page called one at a time through the list's own function,
// and the count alone beside it. Prints the median of each (milliseconds).
//
// Usage: node scripts/bench-product-list.mjs [--products 100000] [--probes 15]
// With DATABASE_URL (a PostgreSQL server URL) a fresh database on that server, dropped
// afterwards; without it, the embedded database in a temporary folder.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { tsImport } from 'tsx/esm/api';
import { importedScaleCatalog, medianMs, scaleDatabase } from './scale-catalog.mjs';

// Options as `--name value` (Node's own parser: an unknown option stops the script with its name).
const { values: options } = parseArgs({
  options: { products: { type: 'string' }, probes: { type: 'string' } },
});
const option = (name, fallback) => options[name] ?? fallback;
const productCount = Number(option('products', '100000'));
const probes = Number(option('probes', '15'));
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-product-list-'));
const scale = await scaleDatabase(work, serverUrl, 'bench_product_list');
const { env } = scale;
const results = [];
try {
  await importedScaleCatalog(work, env, productCount, kind);
  const { openDatabase } = await tsImport('../apps/api/src/db/client.ts', import.meta.url);
  const { listAdminProducts } = await tsImport('../apps/api/src/modules/catalog/admin.ts', import.meta.url);
  const { adminProductsQuery } = await tsImport('../packages/contract/src/index.ts', import.meta.url);
  const { sql } = await tsImport('drizzle-orm', import.meta.url);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    const db = database.db;
    const first = async (table) =>
      (await db.execute(sql.raw(`select id from ${table} order by id limit 1`))).rows[0].id;
    const categoryId = String(await first('categories'));
    const brandId = String(await first('companies'));
    // Each case with the count the list makes, alone (the same filter as SQL).
    const cases = [
      { name: 'all', query: {}, where: 'true' },
      { name: 'category', query: { categoryId }, where: `category_id = ${categoryId}` },
      { name: 'brand', query: { brandId }, where: `company_id = ${brandId}` },
      {
        name: 'category and brand',
        query: { categoryId, brandId },
        where: `category_id = ${categoryId} and company_id = ${brandId}`,
      },
      { name: 'in stock', query: { stock: 'in' }, where: 'stock > 0' },
      {
        name: 'on offer',
        query: { offer: 'true' },
        where: 'offer_price_halalas is not null or offer_planned_halalas is not null',
      },
      { name: 'hidden', query: { visibility: 'hidden' }, where: 'hidden' },
      { name: 'search "phone"', query: { q: 'phone' } },
      { name: 'all, page 50', query: { page: '50' } },
    ];
    for (const c of cases) {
      const query = adminProductsQuery.parse(c.query);
      const page = [];
      const count = [];
      let total = 0;
      for (let i = 0; i < probes; i++) {
        let started = performance.now();
        total = (await listAdminProducts(db, query, 'en')).total;
        page.push(performance.now() - started);
        if (c.where) {
          started = performance.now();
          await db.execute(sql.raw(`select count(*) from products where ${c.where}`));
          count.push(performance.now() - started);
        }
      }
      const row = {
        case: c.name,
        total,
        pageMs: medianMs(page),
        ...(count.length && { countMs: medianMs(count) }),
      };
      results.push(row);
      console.log(`  ${c.name}: ${JSON.stringify(row)}`);
    }
  } finally {
    await database.close();
  }
} finally {
  await scale.drop();
  rmSync(work, { recursive: true, force: true });
}
console.table(results);
console.log(
  `${kind}, ${productCount} products, median of ${probes} calls one at a time, load ${os.loadavg()[0].toFixed(1)}`,
);
