import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';

/**
 * The embedded database runs on the shop's own thread: between two of its statements the event
 * loop must get its turn, or a burst of reads keeps the shop from reading any request (no quick
 * "busy" answer, health checks timing out) until the burst is over.
 */
describe('the embedded database on the main thread', () => {
  let database: Database;
  beforeAll(async () => {
    const template = process.env.SHOP_TEST_PG_TEMPLATE;
    database = await openDatabase({
      dataDir: 'memory://',
      template: template ? new Blob([await readFile(template)]) : undefined,
    });
  });
  afterAll(() => database.close());

  it('lets timers and sockets run between the statements of a transaction', async () => {
    const statements = 50;
    let done = 0;
    let doneWhenTimerRan: number | undefined;
    setTimeout(() => (doneWhenTimerRan = done), 0);
    await database.db.transaction(async (tx) => {
      for (let i = 0; i < statements; i++) {
        await tx.execute(sql`select ${i}::int`);
        done++;
      }
    });
    expect(doneWhenTimerRan).toBeDefined();
    expect(doneWhenTimerRan!).toBeLessThan(statements);
  });

  it('lets them run between queries waiting one behind the other', async () => {
    let done = 0;
    let doneWhenTimerRan: number | undefined;
    setTimeout(() => (doneWhenTimerRan = done), 0);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) => database.db.execute(sql`select ${i}::int`).then(() => done++)),
    );
    expect(doneWhenTimerRan).toBeDefined();
    expect(doneWhenTimerRan!).toBeLessThan(50);
  });
});
