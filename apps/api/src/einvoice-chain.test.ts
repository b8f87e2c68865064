import { spawn } from 'node:child_process';
import { readdir, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPaths } from '@shop/contract';
import { INITIAL_PIH, startFatooraSimulator, verifyChain, type FatooraSimulator } from '@shop/zatca';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client.ts';
import { Fatoora } from './lib/fatoora.ts';
import { einvoiceUnits } from './modules/einvoices/schema.ts';
import { documentsOfUnit } from './modules/einvoices/service.ts';
import { onboardingForm } from './test/einvoices.ts';
import { createProduct } from './test/factories.ts';
import {
  createShopStore,
  startShopProcess,
  type ShopProcess,
  type ShopStore,
} from './test/server-process.ts';
import { callApi, delivery, paidCard, registerShopper, type Shopper } from './test/shopper-client.ts';
import { onboardSigningUnit } from './use-cases/einvoicing/onboard.ts';

/*
 * The e-invoice chain across real shop processes (decisions 171 and 172), with a Fatoora
 * simulator of the test's own that every process reports to:
 *
 * - 50 orders paid at once through two shop processes on one PostgreSQL database give one
 *   unbroken chain: counters 1..50, each PIH the previous document's hash, every stamp valid
 *   for the unit's certificate. Needs TEST_DATABASE_URL (the embedded database belongs to one
 *   process).
 * - A shop killed with SIGKILL after issuing a document and before reporting it reports it once
 *   started again, and only once.
 */

const SEALING_KEY = 'a1'.repeat(32);
const sealing = {
  staff: { idleMinutes: 30, sessionHours: 12, totpKey: Buffer.from(SEALING_KEY, 'hex') },
};

/** In front of the simulator: counts the reports of each document UUID. */
async function countingProxy(target: string) {
  const reports = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if (req.url?.startsWith('/invoices/reporting/single')) {
        const uuid = (JSON.parse(body.toString('utf8')) as { uuid: string }).uuid;
        reports.set(uuid, (reports.get(uuid) ?? 0) + 1);
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
      ) as Record<string, string>;
      fetch(target + req.url, { method: req.method, headers, body })
        .then(async (answer) => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(await answer.text());
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    reports,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One of the e-invoice commands (src/cli), as `npm run` starts it; its exit code and output. */
function command(file: string, args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'cli', file), ...args],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ...env },
      },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A store with products and an onboarded signing unit (onboarded against `fatooraUrl`). */
async function storeWithUnit(fatooraUrl: string, stock: number) {
  let productId = 0;
  const store = await createShopStore(async (database: Database) => {
    productId = (await createProduct(database.db, { priceHalalas: 34_999, stock })).id;
    await onboardSigningUnit(
      {
        db: database.db,
        config: { ...sealing, dataDir: '/nonexistent' },
        log: Fastify({ logger: false }).log,
        fatoora: new Fatoora({
          zatca: { apiUrl: fatooraUrl, simulator: false, environment: 'simulation', reportIntervalMs: 0 },
        }),
      },
      onboardingForm,
      { staffId: null, actor: 'command-line', ip: '' },
    );
  });
  return { store, productId };
}

/** Cart, order and sandbox payment of one unit, through `base`; the order's id. */
async function buyOne(base: string, shopper: Shopper, productId: number): Promise<string> {
  const added = await callApi(base, 'POST', apiPaths.cartInsert.build({}), shopper.headers, { productId });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const place = () =>
    callApi(base, 'POST', apiPaths.payInvoice.build({}), shopper.headers, delivery(shopper.id));
  let order = await place();
  // Fifty at once on a slow machine may find the checkout's line too long: the shop answers
  // 503 SERVER_BUSY with Retry-After, and a client tries again after it, as this one does.
  for (let retry = 0; retry < 3 && order.status === 503; retry++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    order = await place();
  }
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  const invoiceId = String(order.body!.invoiceId);
  const pay = await callApi(base, 'POST', apiPaths.sandboxPay.build({}), shopper.headers, {
    ...paidCard,
    invoiceId,
  });
  expect(pay.status, JSON.stringify(pay.body)).toBe(200);
  const verified = await callApi(base, 'POST', apiPaths.verifyPayment.build({}), shopper.headers, {
    id: String(pay.body!.id),
  });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  return invoiceId;
}

async function unitOf(database: Database) {
  const [unit] = await database.db.select().from(einvoiceUnits);
  return unit!;
}

describe('the e-invoice chain across shop processes', () => {
  let simulator: FatooraSimulator;
  const shops: ShopProcess[] = [];
  const stores: ShopStore[] = [];

  beforeAll(async () => {
    simulator = await startFatooraSimulator();
  });
  afterAll(async () => {
    for (const shop of shops) await shop.stop();
    for (const store of stores) await store.remove();
    await simulator.close();
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    '50 orders paid at once through two processes on one PostgreSQL: counters 1..50, no fork, every stamp valid',
    async () => {
      const { store, productId } = await storeWithUnit(simulator.url, 1_000);
      stores.push(store);
      const env = {
        ZATCA_API_URL: simulator.url,
        STAFF_TOTP_KEY: SEALING_KEY,
        EINVOICE_REPORT_INTERVAL_SECONDS: '0',
      };
      const [a, b] = await Promise.all([startShopProcess(store, env), startShopProcess(store, env)]);
      shops.push(a!, b!);
      const bases = [a!.url, b!.url];
      const shoppers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => registerShopper(bases[i % 2]!, i)),
      );
      const orders = await Promise.all(shoppers.map((s, i) => buyOne(bases[i % 2]!, s, productId)));
      expect(new Set(orders).size).toBe(50);

      const database = await store.open();
      try {
        const unit = await unitOf(database);
        const docs = await documentsOfUnit(database.db, unit.id);
        expect(docs.map((d) => d.icv)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
        expect(new Set(docs.map((d) => d.orderId))).toEqual(new Set(orders));
        expect(docs[0]!.pih).toBe(INITIAL_PIH);
        for (let i = 1; i < docs.length; i += 1) expect(docs[i]!.pih).toBe(docs[i - 1]!.hash);
        const chain = verifyChain(
          docs.map((d) => d.xml),
          unit.certificate,
        );
        expect(chain.problems).toEqual([]);
        expect(unit.icv).toBe(50);
        expect(unit.pih).toBe(docs.at(-1)!.hash);
      } finally {
        await database.close();
      }

      // The same check away from the shop: export, then verify the exported files.
      const out = path.join(store.dataDir, 'export');
      const exported = await command('einvoice-export.ts', ['--out', out], {
        DATABASE_URL: store.databaseUrl!,
      });
      expect(exported.code, exported.output).toBe(0);
      expect(exported.output).toContain('Exported 50 documents');
      const verified = await command('einvoice-verify-chain.ts', [out]);
      expect(verified.code, verified.output).toBe(0);
      // A document missing from the middle is a gap the check names.
      const files = (await readdir(out)).filter((f) => f.endsWith('.xml')).sort();
      await rm(path.join(out, files[24]!));
      const broken = await command('einvoice-verify-chain.ts', [out]);
      expect(broken.code).toBe(1);
      expect(broken.output).toContain('ICV_GAP');
      expect(broken.output).toContain('PIH_MISMATCH');
    },
    300_000,
  );

  it('a shop killed between issuing and reporting reports the document after a restart, once', async () => {
    const proxy = await countingProxy(simulator.url);
    try {
      const { store, productId } = await storeWithUnit(proxy.url, 10);
      stores.push(store);
      const env = { ZATCA_API_URL: proxy.url, STAFF_TOTP_KEY: SEALING_KEY };
      // The first life never reports (no reporting runs): it issues, then is killed.
      const first = await startShopProcess(store, { ...env, EINVOICE_REPORT_INTERVAL_SECONDS: '0' });
      shops.push(first);
      const shopper = await registerShopper(first.url, 1);
      const orderId = await buyOne(first.url, shopper, productId);
      first.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(proxy.reports.size).toBe(0);

      const second = await startShopProcess(store, { ...env, EINVOICE_REPORT_INTERVAL_SECONDS: '1' });
      shops.push(second);
      for (let i = 0; i < 100 && proxy.reports.size === 0; i += 1) await sleep(200);
      // Further runs send nothing more.
      await sleep(2_500);
      await second.stop();
      expect([...proxy.reports.values()]).toEqual([1]);
      const database = await store.open();
      try {
        const [doc] = await documentsOfUnit(database.db, (await unitOf(database)).id);
        expect(doc).toMatchObject({ orderId, icv: 1, status: 'reported', attempts: 1 });
        expect(proxy.reports.get(doc!.uuid)).toBe(1);
      } finally {
        await database.close();
      }
      // The chain of one document exported and checked by the commands (the shop is stopped).
      const out = path.join(store.dataDir, 'export');
      const exported = await command('einvoice-export.ts', ['--out', out], {
        DATA_DIR: store.dataDir,
        DATABASE_URL: store.databaseUrl ?? '',
        STAFF_TOTP_KEY: SEALING_KEY,
      });
      expect(exported.code, exported.output).toBe(0);
      const verified = await command('einvoice-verify-chain.ts', [out]);
      expect(verified.code, verified.output).toBe(0);
      expect(verified.output).toContain('Chain of 1 document is whole');
    } finally {
      await proxy.close();
    }
  }, 180_000);
});
