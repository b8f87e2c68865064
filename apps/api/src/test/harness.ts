import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp, type App, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { createServerDatabase } from './server-database.ts';

export interface TestContext {
  app: App;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh, migrated database: embedded (PGlite, in a temporary directory) by
 * default, or a new database on the PostgreSQL server of TEST_DATABASE_URL when it is set.
 * An app given `DATABASE_URL` uses that database as it is (another app's, to share it).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /** Told the SQL of every statement the app sends (to count what a request reads). */
  onQuery?: (sql: string) => void,
  /** The app's logger (pino options); silent when not given. */
  logger: AppOptions['logger'] = false,
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-test-'));
  const databaseUrl =
    process.env.TEST_DATABASE_URL && !env.DATABASE_URL
      ? await createServerDatabase(process.env.TEST_DATABASE_URL)
      : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...(databaseUrl && { DATABASE_URL: databaseUrl.url }),
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    template: config.databaseUrl ? undefined : await migratedTemplate(),
    thread: process.env.TEST_PGLITE_THREAD === 'true',
    onQuery,
  });
  // A test may close the database itself, to see the shop without it: closing it again when
  // the test ends does nothing, so `close()` still drops a server database and the data folder.
  const closeDatabase = database.close.bind(database);
  let closing: Promise<void> | undefined;
  database.close = () => (closing ??= closeDatabase());
  await database.migrate();
  const app = await buildApp({ config, database, logger });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (databaseUrl) await databaseUrl.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let template: Promise<Blob | undefined> | undefined;

/** The migrated database saved by global-setup.ts, read once per test file. */
function migratedTemplate(): Promise<Blob | undefined> {
  const file = process.env.SHOP_TEST_PG_TEMPLATE;
  if (!file) return Promise.resolve(undefined);
  template ??= readFile(file).then((bytes) => new Blob([bytes]));
  return template;
}

export async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`));
  const rows = (result as unknown as { rows: { n: number }[] }).rows;
  return rows[0]?.n ?? 0;
}
