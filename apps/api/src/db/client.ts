import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { activeTracing, tracedStatement } from '../lib/tracing.ts';
import { PGliteThread } from './pglite-thread.ts';
import { markSoleWriter, type WriteCount } from './sole-writer.ts';

/**
 * The Drizzle database, whichever driver is behind it. Queries name their tables (each module's
 * `schema.ts`); the relational query API, which would need every table here, is not used.
 */
type NoTables = Record<string, never>;
export type Db = PgDatabase<PgQueryResultHKT, NoTables, ExtractTablesWithRelations<NoTables>>;
export type Tx = PgTransaction<PgQueryResultHKT, NoTables, ExtractTablesWithRelations<NoTables>>;

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
  /**
   * Runs `work` on one connection and cancels its running statement when `signal` aborts (the
   * client went away), so an abandoned request does not keep the database busy. The embedded
   * database runs one statement at a time in this process and cannot be interrupted: there,
   * `work` simply runs.
   */
  cancellable<T>(signal: AbortSignal | undefined, work: (db: Db) => Promise<T>): Promise<T>;
  /** The PostgreSQL server's connection pool now (absent for the embedded database, which has none). */
  pool?(): { total: number; idle: number; waiting: number };
}

/**
 * The embedded database's memory: PostgreSQL's defaults (128 MB of shared buffers) are sized
 * for a server of its own; inside the shop's process every page the buffers touch stays
 * resident. 16 MB holds the demo catalog's tables and indexes whole.
 */
export const embeddedSettings = ['shared_buffers = 16MB'];

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
  /** Connections to the PostgreSQL server (DB_POOL_SIZE). */
  poolSize?: number | undefined;
  /**
   * Longest a statement may run on the PostgreSQL server before it is cancelled
   * (DB_STATEMENT_TIMEOUT_MS); 0 or unset: no limit. Migrations always run without one.
   */
  statementTimeoutMs?: number | undefined;
  /**
   * Told every statement the shop sends (its SQL text, never its parameters, which hold
   * password and token hashes): the server logs them at debug level (LOG_LEVEL=debug).
   */
  onQuery?: ((sql: string) => void) | undefined;
}

/** drizzle's logger option for `onQuery`. */
function queryLogger(onQuery: DatabaseOptions['onQuery']) {
  return onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    // Loaded only for a PostgreSQL server: a shop on the embedded database never holds the
    // driver's code in memory.
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const connection = { connectionString: options.databaseUrl };
    const pool = new pg.Pool({
      ...connection,
      max: options.poolSize ?? 10,
      // A server that goes away mid-handshake or mid-statement must not hold a connection of
      // the pool forever (a request waiting on it, and the pool never ending on shutdown):
      // connecting gives up after 10 s, and a statement the server never answers fails on this
      // side 5 s after the server's own statement timeout would have cancelled it.
      connectionTimeoutMillis: 10_000,
      ...(options.statementTimeoutMs && {
        statement_timeout: options.statementTimeoutMs,
        query_timeout: options.statementTimeoutMs + 5_000,
      }),
    });
    // A client that loses its server must not crash the process: an idle one is reported on
    // the pool, one checked out (a transaction between two statements, a cancellable read) on
    // itself, where nobody listens once the pool has handed it over. Its statement in flight
    // fails with the error (answered 503), and the pool drops the dead client when it comes back.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzlePg(
      traced(givesBackAfterFailedBegin(pool), true),
      queryLogger(options.onQuery),
    ) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      // A migration may build indexes over a large table: its own connection, without the
      // statement timeout of shoppers' requests. Several shop processes may start at once on
      // one server: one migrates while the others wait for its lock, then find nothing to do.
      async migrate() {
        const client = new pg.Client(connection);
        await client.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
          await migratePg(drizzlePg(client), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          await client.end();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
      pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async cancellable(signal, work) {
        const client = await pool.connect();
        let cancelled = false;
        const cancel = () => {
          const running = (client as unknown as { activeQuery?: unknown }).activeQuery;
          // node-postgres sends PostgreSQL's cancel request on a connection of its own.
          if (running) {
            cancelled = true;
            (new pg.Client(connection) as unknown as { cancel(c: unknown, q: unknown): void }).cancel(
              client,
              running,
            );
          }
        };
        signal?.addEventListener('abort', cancel, { once: true });
        try {
          if (signal?.aborted) throw signal.reason;
          return await work(drizzlePg(traced(client), queryLogger(options.onQuery)) as unknown as Db);
        } finally {
          signal?.removeEventListener('abort', cancel);
          // A cancel request travels on its own connection and may reach the server after the
          // statement it meant has ended, then cancel whatever that connection runs next: a
          // connection that was sent one is closed, never handed to another request.
          client.release(cancelled);
        }
      },
    };
  }
  const dir = options.dataDir === 'memory://' ? 'memory://' : path.join(options.dataDir, 'pg');
  if (dir !== 'memory://') await mkdir(dir, { recursive: true });
  const client = options.thread
    ? (await PGliteThread.create(dir, { loadDataDir: options.template })).asPGlite()
    : await PGlite.create(dir, {
        extensions: { pg_trgm },
        postgresqlconf: embeddedSettings,
        ...(options.template && { loadDataDir: options.template }),
      });
  // Its data directory is this process's alone (data-dir-lock.ts): every write to it is sent
  // from here, and counted (sole-writer.ts).
  const writes: WriteCount = { value: 0 };
  const pgliteDb = drizzlePglite(
    traced(countingWrites(options.thread ? client : takingTurns(client), writes)),
    queryLogger(options.onQuery),
  );
  const db = pgliteDb as unknown as Db;
  markSoleWriter(db, writes);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    ping: () => ping(db),
    close: () => client.close(),
    dump: () => client.dumpDataDir('none'),
    cancellable: (_signal, work) => work(db),
  };
}

/**
 * The embedded database runs each statement synchronously on this thread, and the statements
 * that follow one another — a transaction's next one, the next query waiting for the database —
 * start in microtasks, before the event loop reads a single socket. Under a burst of costly
 * reads the shop then stopped reading requests altogether: no quick "busy" answer, health checks
 * timing out. Here each statement first lets the loop take its turn (`setImmediate`): requests
 * are read, answered from memory or refused quickly, between two statements. Queries and
 * transactions wait for one another in a line of their own (the database would serialise them
 * anyway), so that the turn comes when one has finished, not all at once before any starts.
 */
function takingTurns<T extends object>(client: T, inTransaction = false): T {
  const call = (value: unknown, target: T, args: unknown[]) =>
    (value as (...a: unknown[]) => unknown).apply(target, args);
  const inTurn = async (run: () => unknown) => {
    await nextTurn();
    return run();
  };
  // Inside a transaction its statements follow one another already; outside, each waits for
  // the one before, then for the loop's turn.
  let tail: Promise<unknown> = Promise.resolve();
  const queued = inTransaction
    ? inTurn
    : (run: () => unknown) => {
        const result = tail.then(() => inTurn(run));
        tail = result.catch(() => undefined);
        return result;
      };
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (property === 'query' || property === 'exec')
        return (...args: unknown[]) => queued(() => call(value, target, args));
      if (property === 'transaction')
        return (work: (tx: object) => unknown) =>
          queued(() => call(value, target, [(tx: object) => work(takingTurns(tx, true))]));
      return (value as (...a: unknown[]) => unknown).bind(target);
    },
  });
}

/** The SQL text of what a driver's `query` or `exec` is given: the text, or a query config's. */
const statementText = (query: unknown) =>
  typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? '');

/** A statement that only reads: a plain `select` (a `with`, which may write, counts as a write). */
const onlyReads = (query: unknown) => /^\s*select\b/i.test(statementText(query));

/**
 * Counts the writes sent through `client`, the embedded database's (sole-writer.ts): any
 * statement but a plain `select` counts once when it is sent and once when it has finished,
 * failed or not; a transaction that sent one counts once more when it has ended (committed or
 * rolled back). A transaction that only read (a background task finding nothing to do) counts
 * nothing. A read that overlaps a write in any way then sees the count move and keeps nothing.
 */
function countingWrites<T extends object>(
  client: T,
  writes: WriteCount,
  transaction?: { wrote: boolean },
): T {
  const counted = async (run: () => unknown) => {
    writes.value++;
    if (transaction) transaction.wrote = true;
    try {
      return await run();
    } finally {
      writes.value++;
    }
  };
  return withMethods(client, (property, method, target) => {
    if (property === 'query' || property === 'exec')
      return (...args: unknown[]) =>
        property === 'query' && onlyReads(args[0])
          ? method.apply(target, args)
          : counted(() => method.apply(target, args));
    if (property === 'transaction')
      return async (work: (tx: object) => unknown) => {
        const inside = { wrote: false };
        try {
          return await method.call(target, (tx: object) => work(countingWrites(tx, writes, inside)));
        } finally {
          if (inside.wrote) writes.value++;
        }
      };
    return undefined;
  });
}

type Method = (...a: unknown[]) => unknown;

/** `client` with some of its methods replaced: `replace` answers a method's replacement, or undefined to keep it. */
function withMethods<T extends object>(
  client: T,
  replace: (property: string | symbol, method: Method, target: T) => ((...a: never[]) => unknown) | undefined,
): T {
  return new Proxy(client, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as Method;
      return replace(property, method, target) ?? method.bind(target);
    },
  });
}

/** A pool connection as `pool.connect()` hands it out. */
interface PoolClient {
  query(...args: unknown[]): unknown;
  release(error?: Error | boolean): void;
}

/**
 * The pool as drizzle is given it: a connection checked out for a transaction goes back to the
 * pool even when its `begin` fails. drizzle's transaction sends `begin` before the `try` whose
 * `finally` releases the connection, so a server that went away between the checkout and the
 * `begin` (a restart, a cut network) left that connection checked out for good: the pool one
 * connection short until the process ended, and its shutdown waiting for ever. Released with
 * the error, the pool drops the connection rather than handing it out again.
 */
function givesBackAfterFailedBegin<T extends object>(pool: T): T {
  const isBegin = (query: unknown) =>
    /^\s*begin\b/i.test(
      typeof query === 'string' ? query : String((query as { text?: unknown })?.text ?? ''),
    );
  const guarded = (client: PoolClient): PoolClient =>
    new Proxy(client, {
      get(target, property) {
        const value = Reflect.get(target, property, target) as unknown;
        if (typeof value !== 'function') return value;
        const method = value as (...a: unknown[]) => unknown;
        if (property !== 'query') return method.bind(target);
        return (...args: unknown[]) => {
          const result = method.apply(target, args);
          if (!isBegin(args[0]) || !(result instanceof Promise)) return result;
          return result.catch((error: unknown) => {
            target.release(error instanceof Error ? error : true);
            throw error;
          });
        };
      },
    });
  return new Proxy(pool, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      if (property === 'connect')
        return async (...args: unknown[]) => guarded((await method.apply(target, args)) as PoolClient);
      return method.bind(target);
    },
  });
}

/**
 * While tracing is on, each statement sent through `client` (a pool, a pool's connection, the
 * embedded database, and the transactions they open) is a span of the request that sends it.
 * Its span begins with the call, so a wait for a free connection or for the embedded database's
 * turn counts in it, as it does in the request's time. Off: `client` itself.
 */
function traced<T extends object>(client: T, pool = false): T {
  if (!activeTracing()) return client;
  return withMethods(client, (property, method, target) => {
    if (property === 'query' || property === 'exec')
      return (...args: unknown[]) =>
        tracedStatement(statementText(args[0]), () => method.apply(target, args));
    // A pool's connection (a transaction on PostgreSQL), an embedded transaction.
    if (property === 'connect' && pool)
      return async (...args: unknown[]) => traced((await method.apply(target, args)) as object);
    if (property === 'transaction')
      return (work: (tx: object) => unknown) => method.call(target, (tx: object) => work(traced(tx)));
    return undefined;
  });
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
