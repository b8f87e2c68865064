// Starts the real shop server (API + storefront) for browser tests and screenshots: a free
// port, a temporary data directory, the demo catalog. Run via `node` directly so that killing
// the PID stops the server itself.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './newest-mtime.mjs';

/**
 * CPU time (user + system) in ms a process has used so far, all its threads, or one of them
 * (`thread`, a thread id), from /proc (Linux).
 */
export function cpuMs(pid, thread) {
  const stat = readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are the 14th and 15th fields, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const builtServer = path.join(web, 'build/server/index.js');

/** Builds the storefront when the build is missing or older than its sources. */
export function ensureWebBuild() {
  const sources = [
    path.join(web, 'app'),
    path.join(web, 'public'),
    path.join(web, 'vite.config.ts'),
    path.join(web, 'react-router.config.ts'),
    path.join(root, 'packages/contract/src'),
  ];
  if (existsSync(builtServer) && statSync(builtServer).mtimeMs >= newestMtime(sources)) return;
  console.log('Building the storefront…');
  const build = spawnSync(path.join(root, 'node_modules/.bin/react-router'), ['build'], {
    cwd: web,
    stdio: 'inherit',
    // Always the production build, whoever asks (Vitest runs with NODE_ENV=test, which would
    // give the browser React's development build).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) throw new Error('The storefront build failed.');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The shop server exited with code ${child.exitCode} while starting.`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`The shop server did not become healthy within ${timeoutMs / 1000} s.`);
}

/**
 * Starts the server and resolves once /api/health answers. `stop()` ends it and removes its
 * data directory.
 */
export async function startShopServer({ env = {}, nodeArgs = [], timeoutMs = 300_000, beforeStart } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  // The embedded database allows one process: what must run on it first (creating the back
  // office's owner with `npm run staff:create`) runs before the server opens it.
  if (beforeStart) await beforeStart({ dataDir });
  const url = `http://127.0.0.1:${port}`;
  // A private copy of the build, so a rebuild in the working tree cannot pull assets from under
  // a running server. It lives under node_modules so its bare imports still resolve.
  const webBuildDir = path.join(root, 'node_modules/.cache/shop-web-builds', path.basename(dataDir));
  cpSync(path.join(web, 'build'), webBuildDir, { recursive: true });
  // The server as `npm start` runs it: the compiled bundle, plain node.
  const { ensureServerBuild, serverBundle } = await import('./build-server.mjs');
  await ensureServerBuild();
  const child = spawn(process.execPath, [...nodeArgs, serverBundle], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_SANDBOX: 'true',
      MALLOC_ARENA_MAX: '2',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'true',
      WEB_BUILD_DIR: webBuildDir,
      LOG_LEVEL: 'warn',
      // Every test comes from 127.0.0.1; the real limit would throttle the suite, not a shopper.
      RATE_LIMIT_MAX: '1000000',
      REGISTER_LIMIT_PER_HOUR: '1000',
      PUBLIC_URL: '',
      ...env,
    },
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webBuildDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(url, child, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid, dataDir, stop };
}

/**
 * The storefront pages the page benchmarks measure, as `[name, path]`: the home page, a
 * category's listing and the page of a product on offer (of the shop at `baseUrl`), whose id
 * comes with them.
 */
export async function storefrontPages(baseUrl) {
  const offers = await (await fetch(`${baseUrl}/api/Product/Select/Four/Image/Product`)).json();
  const productId = offers[0]?.productId ?? 1;
  const pages = [
    ['home', '/'],
    ['listing', '/products/category/1'],
    ['product', `/product/${productId}`],
  ];
  return { pages, productId };
}
