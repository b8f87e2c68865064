import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.ts';
import { PGliteThread } from './pglite-thread.ts';
import { categories } from '../modules/catalog/schema.ts';

/**
 * The embedded database on its worker thread (PGLITE_THREAD=true) behaves as on the main
 * thread for what the shop relies on. The whole API suite also runs on it with
 * TEST_PGLITE_THREAD=true.
 */
describe('the embedded database on a worker thread', () => {
  let database: Database;
  const template = async () =>
    process.env.SHOP_TEST_PG_TEMPLATE
      ? new Blob([await readFile(process.env.SHOP_TEST_PG_TEMPLATE)])
      : undefined;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', template: await template(), thread: true });
    await database.migrate();
  });
  afterAll(() => database.close());

  const category = (slug: string) => ({ slug, nameAr: slug, nameEn: slug, image: `/uploads/${slug}.webp` });

  it('commits a transaction, and rolls back one that throws, nested ones included', async () => {
    const { db } = database;
    await db.transaction(async (tx) => {
      await tx.insert(categories).values(category('kept'));
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(categories).values(category('inner-undone'));
          throw new Error('undo the savepoint');
        }),
      ).rejects.toThrow('undo the savepoint');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(categories).values(category('undone'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const slugs = (await db.select({ slug: categories.slug }).from(categories)).map((r) => r.slug);
    expect(slugs).toContain('kept');
    expect(slugs).not.toContain('undone');
    expect(slugs).not.toContain('inner-undone');
  });

  it("reports PostgreSQL's error code and constraint, as the services read them", async () => {
    const error = await database.db
      .insert(categories)
      .values(category('kept'))
      .then(
        () => undefined,
        (e: unknown) => e as { cause?: { code?: string; constraint?: string } },
      );
    expect(error?.cause?.code).toBe('23505');
    expect(error?.cause?.constraint).toMatch(/slug/);
  });

  it('keeps dates and timestamps as the main-thread driver does', async () => {
    const [row] = await database.db.select().from(categories).where(eq(categories.slug, 'kept'));
    expect(row?.createdAt).toBeInstanceOf(Date);
    const result = await database.db.execute(sql`select 2::int as n, 'x'::text as s`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([{ n: 2, s: 'x' }]);
  });

  it('dumps a copy that opens as a database with the same rows; closed, it answers no more', async () => {
    const dump = await database.dump!();
    const copy = await openDatabase({ dataDir: 'memory://', template: dump, thread: true });
    try {
      const rows = await copy.db.select().from(categories).where(eq(categories.slug, 'kept'));
      expect(rows).toHaveLength(1);
    } finally {
      await copy.close();
    }
    expect(await copy.ping()).toBe(false);
  }, 120_000);

  it('delivers LISTEN/NOTIFY from the database thread', async () => {
    const thread = (database.db as unknown as { $client: PGliteThread }).$client;
    expect(thread).toBeInstanceOf(PGliteThread);
    const heard: string[] = [];
    const stop = await thread.listen('shop_test', (payload) => heard.push(payload));
    await thread.query("select pg_notify('shop_test', 'hello')");
    await expect.poll(() => heard).toEqual(['hello']);
    await stop();
    await thread.query("select pg_notify('shop_test', 'unheard')");
    await thread.query('select 1');
    expect(heard).toEqual(['hello']);
  });
});
