import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@shop/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories.ts';
import {
  createEmptyShopStore,
  createShopStore,
  runDbCommand,
  startShopProcess,
  storeEnv,
  type ShopProcess,
  type ShopStore,
} from '../test/server-process.ts';
import { callApi, delivery, logIn, paidCard, registerShopper } from '../test/shopper-client.ts';

/*
 * `npm run db:backup` while the shop runs and serves, then `npm run db:restore` into a fresh
 * target: the shop started there serves the same catalog, accounts, orders and images. On the
 * embedded database by default (the copy is made by the running shop), on PostgreSQL with
 * TEST_DATABASE_URL (pg_dump / pg_restore).
 */

describe('backup and restore', () => {
  const stores: ShopStore[] = [];
  const shops: ShopProcess[] = [];
  let work: string;
  afterAll(async () => {
    for (const shop of shops) shop.kill('SIGKILL');
    for (const store of stores) await store.remove();
    if (work) await rm(work, { recursive: true, force: true });
  });

  it(
    'restores a running shop into a fresh target that serves the same data',
    { timeout: 600_000 },
    async () => {
      work = await mkdtemp(path.join(os.tmpdir(), 'shop-backup-test-'));
      const file = path.join(work, 'shop.backup');
      const image = '/uploads/catalog/backup-test.webp';
      const imageBytes = randomBytes(20_000);
      let productId = 0;
      const source = await createShopStore(async (database) => {
        productId = (await createProduct(database.db, { image, nameEn: 'Kept through a backup', stock: 7 }))
          .id;
      });
      stores.push(source);
      await mkdir(path.join(source.dataDir, 'uploads/catalog'), { recursive: true });
      await writeFile(path.join(source.dataDir, 'uploads/catalog/backup-test.webp'), imageBytes);

      const shop = await startShopProcess(source);
      shops.push(shop);
      const shopper = await registerShopper(shop.url, 1);
      await callApi(shop.url, 'POST', apiPaths.cartInsert.build({}), shopper.headers, { productId });
      const order = await callApi(
        shop.url,
        'POST',
        apiPaths.payInvoice.build({}),
        shopper.headers,
        delivery(shopper.id),
      );
      expect(order.status).toBe(201);
      const invoiceId = String(order.body!.invoiceId);
      const pay = await callApi(shop.url, 'POST', apiPaths.sandboxPay.build({}), shopper.headers, {
        ...paidCard,
        invoiceId,
      });
      const verified = await callApi(shop.url, 'POST', apiPaths.verifyPayment.build({}), shopper.headers, {
        id: String(pay.body!.id),
      });
      expect(verified.status).toBe(200);

      const productUrl = `${apiPaths.productById.build({ id: productId })}?lang=en`;
      const ordersUrl = `${apiPaths.ordersByUser.build({ userId: shopper.id })}?pageSize=50`;
      const catalogUrl = `${apiPaths.productsPaged.build({ pageSize: 50, page: 1 })}?lang=en`;
      const before = {
        product: (await callApi(shop.url, 'GET', productUrl)).body,
        catalog: (await callApi(shop.url, 'GET', catalogUrl)).body,
        orders: (await callApi(shop.url, 'GET', ordersUrl, shopper.headers)).body,
      };
      expect(before.product).toMatchObject({ productName: 'Kept through a backup' });

      // The backup is taken while the shop keeps answering.
      let backupDone = false;
      const backingUp = runDbCommand('db-backup', [file], storeEnv(source)).finally(
        () => (backupDone = true),
      );
      const servedMeanwhile: number[] = [];
      while (!backupDone) servedMeanwhile.push((await callApi(shop.url, 'GET', productUrl)).status);
      const backup = await backingUp;
      expect(backup.code, backup.output).toBe(0);
      expect(servedMeanwhile.length).toBeGreaterThan(0);
      expect(servedMeanwhile.every((status) => status === 200)).toBe(true);
      if (!source.databaseUrl) expect(backup.output).toContain('from the running shop');
      await shop.stop();
      // A stopped shop's data is read by the command itself.
      const stoppedFile = path.join(work, 'stopped.backup');
      const stopped = await runDbCommand('db-backup', [stoppedFile], storeEnv(source));
      expect(stopped.code, stopped.output).toBe(0);
      if (!source.databaseUrl) expect(stopped.output).toContain('from the data directory');

      const target = await createEmptyShopStore();
      stores.push(target);
      const restored = await runDbCommand('db-restore', [file], storeEnv(target));
      expect(restored.code, restored.output).toBe(0);
      // A target that is not empty any more is refused, unless --force.
      const again = await runDbCommand('db-restore', [file], storeEnv(target));
      expect(again.code).toBe(1);
      expect(again.output).toContain('--force');
      const forced = await runDbCommand('db-restore', [stoppedFile, '--force'], storeEnv(target));
      expect(forced.code, forced.output).toBe(0);

      const copy = await startShopProcess(target);
      shops.push(copy);
      expect((await callApi(copy.url, 'GET', productUrl)).body).toEqual(before.product);
      expect((await callApi(copy.url, 'GET', catalogUrl)).body).toEqual(before.catalog);
      const sameShopper = await logIn(copy.url, shopper.email, shopper.password);
      expect(sameShopper.id).toBe(shopper.id);
      const orders = await callApi(copy.url, 'GET', ordersUrl, sameShopper.headers);
      expect(orders.body).toEqual(before.orders);
      const served = await fetch(copy.url + image);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(imageBytes)).toBe(true);

      if (!target.databaseUrl) {
        // The embedded database is one process's: no restore under a running shop, even forced.
        const underShop = await runDbCommand('db-restore', [file, '--force'], storeEnv(target));
        expect(underShop.code).toBe(1);
        expect(underShop.output).toContain('in use by process');
        expect((await callApi(copy.url, 'GET', productUrl)).status).toBe(200);
      }
      await copy.stop();
      expect((await copy.exited).code).toBe(0);
    },
  );

  it('refuses a file that is not a shop backup', { timeout: 120_000 }, async () => {
    const target = await createEmptyShopStore();
    stores.push(target);
    const bogus = path.join(target.dataDir, 'not-a-backup.tar.gz');
    await writeFile(bogus, 'hello');
    const result = await runDbCommand('db-restore', [bogus], storeEnv(target));
    expect(result.code).toBe(1);
    expect(result.output).toContain('not a readable shop backup');
  });
});
