import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PGliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations from apps/api/drizzle. */
  migrate(): Promise<void>;
  /** true when a trivial query answers. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** The embedded database as a tarball (PGlite only). */
  dump?(): Promise<Blob | File>;
}

/** The advisory lock key held while migrating (any number the shop uses for nothing else). */
const MIGRATION_LOCK = 7_310_002;

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DatabaseOptions {
  /** PostgreSQL server URL; when unset, the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Directory of the embedded database; `memory://` keeps it in memory. */
  dataDir: string;
  /**
   * A dump (`PGlite.dumpDataDir`) to start a new embedded database from, instead of running
   * initdb: tests start from a migrated template in about a second instead of five.
   */
  template?: Blob | undefined;
  /** The embedded database on a worker thread (pglite-thread.ts), off the rendering thread. */
  thread?: boolean | undefined;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client that loses its server must not crash the process.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // Several shop processes may start at once on one server: one migrates while the others
      // wait for its lock, then find nothing left to do.
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }
  const dir = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pg');
  if (dir !== 'memory://') await mkdir(dir, { recursive: true });
  const client = options.thread
    ? (await PGliteThread.create(dir, { loadDataDir: options.template })).asPGlite()
    : await PGlite.create(dir, {
        extensions: { pg_trgm },
        ...(options.template && { loadDataDir: options.template }),
      });
  const pgliteDb = drizzlePglite(client, { schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
