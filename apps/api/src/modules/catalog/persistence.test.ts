import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPaths, productDetailsSchema } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { createProduct } from '../../test/factories.ts';

/** The embedded database keeps its data in DATA_DIR: a restart finds what was there. */
describe('embedded database across a restart', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-restart-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  const start = async (first: boolean) => {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const template = process.env.SHOP_TEST_PG_TEMPLATE;
    const database = await openDatabase({
      dataDir: config.dataDir,
      // Only a new database may start from the template; the second start must use the files.
      template: first && template ? new Blob([await readFile(template)]) : undefined,
    });
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    return {
      app,
      async stop() {
        await app.close();
        await database.close();
      },
    };
  };

  it('answers a product created before the restart', async () => {
    const first = await start(true);
    const product = await createProduct(first.app.db, {
      nameAr: 'منتج باق',
      nameEn: 'A lasting product',
      priceHalalas: 12_345,
      offerPriceHalalas: 9_900,
    });
    await first.stop();

    const second = await start(false);
    try {
      const res = await second.app.inject({
        url: `${apiPaths.productById.build({ id: product.id })}?lang=en`,
      });
      expect(res.statusCode).toBe(200);
      expect(productDetailsSchema.parse(res.json())).toMatchObject({
        productId: product.id,
        productName: 'A lasting product',
        productPrice: 123.45,
        productPriceAfterOffer: 99,
      });
    } finally {
      await second.stop();
    }
    // Two embedded databases start here, one of them from its files: slower than one test app.
  }, 120_000);
});
