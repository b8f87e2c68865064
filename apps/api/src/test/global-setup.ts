import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../db/client.ts';

/**
 * Runs once before the Vitest suite: builds a migrated embedded database and saves it as a
 * tarball that every test database starts from (initdb costs ~5 s per database otherwise).
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'shop-pg-template-'));
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  const dump = await database.dump!();
  await database.close();
  const file = path.join(dir, 'template.tar');
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env.SHOP_TEST_PG_TEMPLATE = file;
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
