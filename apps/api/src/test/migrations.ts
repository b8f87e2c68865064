import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { migrationsFolder } from '../db/client.ts';

/**
 * How long a migration test may take: it builds a database from the first migration, then runs
 * the rest, which on a busy two-core machine has taken more than the 30 s other tests get. A
 * guard against a hang, not a speed check.
 */
export const MIGRATION_TEST_TIMEOUT = 180_000;

/**
 * An embedded database migrated up to, not including, the migration `tag`, as a shop that has
 * not upgraded yet: fill it with `client`, then `upgrade()` runs the rest as an upgrading shop
 * would. `close()` removes it.
 */
export async function databaseBefore(tag: string) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-migration-'));
  const before = path.join(dir, 'before');
  await cp(migrationsFolder, before, { recursive: true });
  const journalPath = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag}`);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalPath, JSON.stringify(journal));
  const client = await PGlite.create({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  return {
    client,
    upgrade: () => migrate(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
