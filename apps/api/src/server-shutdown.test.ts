import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { apiPaths } from '@shop/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createShopStore,
  startShopProcess,
  type ShopProcess,
  type ShopStore,
} from './test/server-process.ts';

/*
 * SIGTERM drains: a request in flight when the signal comes is answered, then the process
 * exits by itself (code 0) — also when the client keeps its connection alive, and with the
 * payment reconciler's timer running. A request that does not finish within
 * SHUTDOWN_TIMEOUT_SECONDS is cut and the process exits (code 1) instead of staying alive with
 * its listener closed.
 */

const loginPath = apiPaths.login.build({});

/**
 * A login whose body arrives in two parts, on a keep-alive connection: the request is in
 * flight until `finish()` sends the rest.
 */
function slowLogin(url: string) {
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ userEmail: 'nobody@example.com', userPassword: 'not-the-password' });
  const { hostname, port } = new URL(url);
  let answered: (answer: { status: number; connection: string | undefined; body: string }) => void;
  let failed: (error: Error) => void;
  const answer = new Promise<{ status: number; connection: string | undefined; body: string }>(
    (resolve, reject) => {
      answered = resolve;
      failed = reject;
    },
  );
  const request = http.request(
    {
      hostname,
      port,
      path: loginPath,
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        answered({ status: response.statusCode!, connection: response.headers.connection, body: text }),
      );
    },
  );
  request.on('error', (error) => failed(error));
  request.write(body.slice(0, 10));
  return {
    answer,
    finish: () => request.end(body.slice(10)),
    close: () => agent.destroy(),
  };
}

/** Resolves once the server refuses new connections: the shutdown has begun. */
async function listenerClosed(url: string) {
  for (;;) {
    try {
      await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1_000) });
    } catch {
      return;
    }
    await sleep(50);
  }
}

describe('SIGTERM', () => {
  let store: ShopStore;
  let shop: ShopProcess | undefined;
  beforeAll(async () => {
    store = await createShopStore();
  });
  afterAll(async () => {
    shop?.kill('SIGKILL');
    await store.remove();
  });

  it(
    'answers the request in flight, closes its kept-alive connection and exits 0',
    { timeout: 180_000 },
    async () => {
      shop = await startShopProcess(store, {
        PAYMENT_RECONCILE_INTERVAL_SECONDS: '1',
        SHUTDOWN_TIMEOUT_SECONDS: '60',
      });
      const login = slowLogin(shop.url);
      try {
        // The request is received (its headers read) before the signal.
        await sleep(300);
        shop.kill('SIGTERM');
        await listenerClosed(shop.url);
        login.finish();
        const answer = await login.answer;
        expect(answer.status).toBe(401);
        expect(JSON.parse(answer.body)).toMatchObject({ code: 'LOGIN_FAILED' });
        expect(answer.connection).toBe('close');
        // Exits by itself, well before the 60 s limit would force it (which exits 1).
        expect(await shop.exited, shop.output()).toEqual({ code: 0, signal: null });
      } finally {
        login.close();
      }
    },
  );

  it(
    'exits 1 once SHUTDOWN_TIMEOUT_SECONDS is over when a request never finishes',
    { timeout: 180_000 },
    async () => {
      shop = await startShopProcess(store, { SHUTDOWN_TIMEOUT_SECONDS: '2' });
      const login = slowLogin(shop.url);
      login.answer.catch(() => {});
      try {
        await sleep(300);
        shop.kill('SIGTERM');
        // The rest of the body never comes; the process does not wait for it forever.
        expect(await shop.exited, shop.output()).toEqual({ code: 1, signal: null });
        expect(shop.output()).toContain('shutdown timed out');
      } finally {
        login.close();
      }
    },
  );
});
