import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { writeDemoCatalog } from './catalog.ts';
import { importCatalogFile } from '../use-cases/catalog-import/import.ts';
import { importSettings } from '../use-cases/catalog-import/settings.ts';
import { products } from '../modules/catalog/schema.ts';

/**
 * Loads the demo catalog through the importer when the database holds no products, so a fresh
 * `npm start` shows a real-looking shop. Returns true when it seeded.
 */
export async function seedDemoCatalogIfEmpty(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) > 0) return false;
  const started = Date.now();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-demo-'));
  try {
    const file = await writeDemoCatalog(dir);
    const summary = await importCatalogFile(db, file, {
      uploadsDir: config.uploadsDir,
      settings: importSettings,
    });
    log.info(
      { products: summary.products.created, images: summary.images, ms: Date.now() - started },
      'demo catalog loaded',
    );
    return true;
  } catch (error) {
    // An empty shop that starts beats no shop: the owner can still import a catalog.
    log.error({ err: error }, 'demo catalog could not be loaded');
    return false;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
