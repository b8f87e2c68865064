import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, root } from '../../../../scripts/shop-server.mjs';
import { openDatabase, type Database } from '../db/client.ts';
import { createServerDatabase } from './server-database.ts';

/**
 * The real server (`node --import tsx server.ts`) as a child process, for tests of what only a
 * process shows: SIGKILL and restart, SIGTERM, a backup taken from a running shop. Its data
 * lives in a `ShopStore`: a temporary DATA_DIR, with the embedded database there or, when
 * TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server (as the API suite does).
 */

export interface ShopStore {
  dataDir: string;
  /** The PostgreSQL database's URL; undefined for the embedded database. */
  databaseUrl: string | undefined;
  /** The store's database opened in this process (the server must not be running on PGlite). */
  open(): Promise<Database>;
  remove(): Promise<void>;
}

/** A new, migrated store; `prepare` fills it before any server runs on it. */
export async function createShopStore(prepare?: (database: Database) => Promise<void>): Promise<ShopStore> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-proc-'));
  const server = process.env.TEST_DATABASE_URL
    ? await createServerDatabase(process.env.TEST_DATABASE_URL, 'shop_proc')
    : null;
  const store: ShopStore = {
    dataDir,
    databaseUrl: server?.url,
    open: () => openDatabase({ databaseUrl: server?.url, dataDir }),
    async remove() {
      await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  const template = process.env.SHOP_TEST_PG_TEMPLATE;
  // The migrated template spares the server its initdb (seconds on a busy machine).
  const database = await openDatabase({
    databaseUrl: server?.url,
    dataDir,
    template: !server && template ? new Blob([await readFile(template)]) : undefined,
  });
  try {
    await database.migrate();
    await prepare?.(database);
  } finally {
    await database.close();
  }
  return store;
}

/** An empty store (no database created, nothing migrated): a restore target. */
export async function createEmptyShopStore(): Promise<ShopStore> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-proc-'));
  const server = process.env.TEST_DATABASE_URL
    ? await createServerDatabase(process.env.TEST_DATABASE_URL, 'shop_proc')
    : null;
  return {
    dataDir,
    databaseUrl: server?.url,
    open: () => openDatabase({ databaseUrl: server?.url, dataDir }),
    async remove() {
      await server?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The environment the store's server and commands run with (as `npm start` would). */
export function storeEnv(store: ShopStore): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PAYMENT_SANDBOX: 'true',
    DATA_DIR: store.dataDir,
    DATABASE_URL: store.databaseUrl ?? '',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // Every request of a test comes from 127.0.0.1.
    RATE_LIMIT_MAX: '1000000',
    REGISTER_LIMIT_PER_HOUR: '1000',
    PUBLIC_URL: '',
    // No storefront: these tests are about the process and its data, and start faster without.
    WEB_BUILD_DIR: path.join(store.dataDir, 'no-storefront'),
  };
}

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (null when ended by a signal) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The end of what the server wrote (its log and errors), for a failing test's message. */
  output(): string;
  kill(signal: NodeJS.Signals): void;
  /** SIGTERM, then SIGKILL after `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the server on the store and resolves once /api/health answers. */
export async function startShopProcess(
  store: ShopStore,
  env: Record<string, string> = {},
  timeoutMs = 120_000,
): Promise<ShopProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...storeEnv(store), HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  let stderr = '';
  const keep = (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const shop: ShopProcess = {
    url,
    child,
    exited,
    output: () => stderr,
    kill(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    },
    async stop(graceMs = 15_000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}:\n${stderr}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return shop;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become healthy within ${timeoutMs / 1000} s:\n${stderr}`);
    }
    await sleep(100);
  }
}

/** Runs `npm run db:backup|db:restore` the way a user would (node on the script), for its output. */
export function runDbCommand(
  script: 'db-backup' | 'db-restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, `scripts/${script}.mjs`), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}
