import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { startControlSocket, type ControlSocket } from './backup/control-socket.ts';
import { DataDirBusyError, lockDataDir, type DataDirLock } from './db/data-dir-lock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoCatalogIfEmpty } from './demo/seed.ts';
import { startTracing, stopTracing } from './lib/tracing.ts';

/** Set by the shop for the child process that prepares a new data directory, and only there. */
const preparing = process.env.SHOP_PREPARE_DATA_DIR === '1';

/** Runs this same server, in preparation mode, to completion; throws when it fails. */
async function prepareInChild(): Promise<void> {
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    env: { ...process.env, SHOP_PREPARE_DATA_DIR: '1' },
    stdio: 'inherit',
  });
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`preparing the new data directory failed (exit code ${code})`);
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // After each full garbage collection the heap may grow to twice what is still in use
  // (HEAP_GROWING_PERCENT, 100), instead of V8's own factor (up to four times when collecting is
  // fast). Rendering pages makes garbage quickly: with V8's factor the heap grew to 250-280 MB
  // under a burst of pages while under 100 MB of it was in use. The limit follows what is in
  // use, so a large import still gets the heap it needs.
  if (config.heapGrowingPercent > 0)
    v8.setFlagsFromString(`--heap-growing-percent=${config.heapGrowingPercent}`);

  // The embedded database is one process's: a second shop (or a restore) on the same data
  // directory stops here instead of corrupting it (decision 097).
  let lock: DataDirLock | undefined;
  // The child that prepares a new data directory works under its parent's lock.
  if (!config.databaseUrl && !preparing) {
    await mkdir(config.dataDir, { recursive: true });
    try {
      lock = await lockDataDir(config.dataDir, 'shop');
    } catch (error) {
      if (error instanceof DataDirBusyError) {
        console.error(error.message);
        process.exit(1);
      }
      throw error;
    }
  }

  // A new embedded database is created (initdb, every migration, the demo catalog) by a short
  // child process of this one. That work touches far more memory than serving ever does, and
  // memory freed inside a process is not all given back: done here, the shop idled about
  // 90 MB heavier on its first start than after a restart.
  if (lock && !existsSync(path.join(config.dataDir, 'pg', 'PG_VERSION'))) await prepareInChild();

  // OpenTelemetry traces when OTEL_EXPORTER_OTLP_ENDPOINT is set; without it the SDK is not even
  // loaded. Before the database is opened: its client makes the statements' spans then.
  if (!preparing) await startTracing();

  // LOG_LEVEL=debug (or trace) logs every statement's SQL, once the app's logger exists (the
  // database is opened before the app, so its query hook calls whatever logger is set by then).
  const queryLog: { to?: (sql: string) => void } = {};
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    thread: config.pgliteThread,
    poolSize: config.dbPoolSize,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    ...(['debug', 'trace'].includes(config.logLevel) && { onQuery: (sql: string) => queryLog.to?.(sql) }),
  });
  await database.migrate();
  const app = await buildApp({ config, database });
  queryLog.to = (sql) => app.log.debug({ sql }, 'query');
  if (config.seedDemo) await seedDemoCatalogIfEmpty(database.db, config, app.log);
  if (preparing) {
    await app.close();
    await database.close();
    return;
  }

  // Responses in flight, so that a shutdown can tell their clients not to keep the connection:
  // an idle keep-alive connection would otherwise hold `app.close()` until the client hangs up.
  let closing = false;
  const inFlight = new Set<ServerResponse>();
  app.server.on('request', (_request, response: ServerResponse) => {
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
    response.once('finish', () => {
      // After Node has detached the finished response from its socket, the socket is idle.
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
  });

  let control: ControlSocket | null = null;
  const listening = app.listen({ port: config.port, host: config.host });

  /**
   * SIGTERM/SIGINT: stop accepting, let requests in flight finish (new requests on open
   * connections get 503 with `Connection: close`), stop the background tasks (the payment
   * reconciler's run in progress is awaited), close the database, exit 0. Whatever is still
   * running after SHUTDOWN_TIMEOUT_SECONDS is cut and the process exits 1. Either way the
   * database recovers from its write-ahead log at the next start (decision 098).
   */
  const shutdown = async (signal: string) => {
    // A repeated signal changes nothing: Ctrl-C under `npm start` reaches this process twice
    // (from the terminal and forwarded by the launcher).
    if (closing) return;
    closing = true;
    app.log.info({ signal, inFlight: inFlight.size }, 'shutting down');
    setTimeout(() => {
      app.log.error({ inFlight: inFlight.size }, 'shutdown timed out: exiting with requests unfinished');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    for (const response of inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
    try {
      await listening.catch(() => {});
      await app.close();
      await control?.close();
      await database.close();
      await lock?.release();
      // The spans of the last requests are sent before the process ends.
      await stopTracing().catch((error: unknown) => app.log.warn({ err: error }, 'traces not sent'));
      app.log.info('shut down');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await listening;
  if (lock && !closing) {
    control = await startControlSocket({
      dataDir: config.dataDir,
      token: lock.token,
      database,
      log: app.log,
    });
  }
}

await main();
