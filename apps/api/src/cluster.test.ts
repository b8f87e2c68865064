import { setTimeout as delay } from 'node:timers/promises';
import { apiPaths } from '@shop/contract';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeEvent } from './lib/change-events.ts';
import { databaseIdentity, redisChannel } from './lib/change-transport.ts';
import { createProduct } from './test/factories.ts';
import { createTestApp, type TestContext } from './test/harness.ts';
import { localServers } from './test/local-servers.ts';
import { createServerDatabase } from './test/server-database.ts';
import { insertUser, TEST_HOST, TEST_ORIGIN, TEST_PASSWORD } from './test/users.ts';

/*
 * Several processes, one shop: two app instances on one PostgreSQL database (and one Redis),
 * each with its own change bus and connections, as two shop processes behind a load balancer
 * have. What one of them does must be seen by the other: a session opened on one, a cart
 * filled on one, a change published on one (what caches listen to).
 *
 * The servers are the ones CI runs on 127.0.0.1 (PostgreSQL 5432, Redis 6379), or
 * TEST_DATABASE_URL's. Without a PostgreSQL server there is no second process to share the
 * shop with (the embedded database belongs to one process): then the test pins that the bus
 * stays in-process, under a name that says the cross-process part did not run.
 */

const { postgresUrl: serverUrl, redisUrl } = await localServers();

async function until<T>(read: () => T | undefined, what: string): Promise<T> {
  for (let i = 0; i < 100; i += 1) {
    const value = read();
    if (value !== undefined) return value;
    await delay(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

function twoProcesses(transport: 'postgres' | 'redis', env: Record<string, string>) {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let a: TestContext;
  let b: TestContext;
  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!);
    // Started together, as a process manager starts them: both migrate the empty database.
    [a, b] = await Promise.all([
      createTestApp({ DATABASE_URL: database.url, ...env }),
      createTestApp({ DATABASE_URL: database.url, ...env }),
    ]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it(`both announce changes through ${transport}`, () => {
    expect(a.app.changeTransport).toBe(transport);
    expect(b.app.changeTransport).toBe(transport);
  });

  it('a session opened on one process is signed in on the other, and a cart filled on one is read on the other', async () => {
    const user = await insertUser(a.app.db);
    const product = await createProduct(a.app.db, { stock: 5 });
    const login = await a.app.inject({
      method: 'POST',
      url: apiPaths.login.pattern,
      payload: { userEmail: user.email, userPassword: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const headers = { cookie: `session=${login.json().token}`, origin: TEST_ORIGIN, host: TEST_HOST };

    const me = await b.app.inject({ method: 'GET', url: apiPaths.currentUser.pattern, headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ userId: user.id });

    const added = await b.app.inject({
      method: 'POST',
      url: apiPaths.cartInsert.pattern,
      headers,
      payload: { productId: product.id },
    });
    expect(added.statusCode).toBe(200);
    const cart = await a.app.inject({
      method: 'GET',
      url: apiPaths.cartByUser.build({ userId: user.id }),
      headers,
    });
    expect(cart.json()).toMatchObject({ cartTotalNumberOfProduct: 1 });

    // Signing out on one process ends the session on both.
    const logout = await a.app.inject({ method: 'POST', url: apiPaths.logout.pattern, headers });
    expect(logout.statusCode).toBeLessThan(300);
    expect(
      (await b.app.inject({ method: 'GET', url: apiPaths.currentUser.pattern, headers })).statusCode,
    ).toBe(401);
  });

  it('a change published on one process reaches the listeners of the other, once, and its own once', async () => {
    const heardA: ChangeEvent[] = [];
    const heardB: ChangeEvent[] = [];
    const offA = a.app.changes.on((event) => heardA.push(event));
    const offB = b.app.changes.on((event) => heardB.push(event));
    try {
      await a.app.changes.publish({ topic: 'catalog', productIds: [41, 42] });
      await b.app.changes.publish({ topic: 'settings' });
      await until(() => (heardA.length >= 2 && heardB.length >= 2 ? true : undefined), 'both events');
      // Anything echoed back to its sender would show up here within a moment.
      await delay(200);
      expect(heardB.sort(byTopic)).toEqual([
        { topic: 'catalog', productIds: [41, 42] },
        { topic: 'settings' },
      ]);
      expect(heardA.sort(byTopic)).toEqual([
        { topic: 'catalog', productIds: [41, 42] },
        { topic: 'settings' },
      ]);
    } finally {
      offA();
      offB();
    }
  });

  it('a listener that lost its connection comes back, tells its caches to drop everything, and hears again', async () => {
    const heardA: ChangeEvent[] = [];
    const heardB: ChangeEvent[] = [];
    const offA = a.app.changes.on((event) => heardA.push(event));
    const offB = b.app.changes.on((event) => heardB.push(event));
    try {
      await cutListeners(transport, database.url);
      // The gap may have hidden changes: every topic is announced as changed, without ids.
      const everything = [
        { topic: 'catalog' },
        { topic: 'content' },
        { topic: 'promotions' },
        { topic: 'settings' },
      ];
      const n = everything.length;
      await until(() => (heardA.length >= n && heardB.length >= n ? true : undefined), 'the resubscriptions');
      expect(heardA.sort(byTopic)).toEqual(everything);
      expect(heardB.sort(byTopic)).toEqual(everything);
      heardB.length = 0;
      await a.app.changes.publish({ topic: 'catalog', productIds: [7] });
      expect(await until(() => heardB[0], 'the change after reconnecting')).toEqual({
        topic: 'catalog',
        productIds: [7],
      });
    } finally {
      offA();
      offB();
    }
  });

  if (transport === 'redis') {
    it('the request rate limit is one count across processes', async () => {
      // RATE_LIMIT_MAX (20 here) requests a minute from one address, wherever they land.
      const octet = () => Math.floor(Math.random() * 250);
      const from = { remoteAddress: `10.9.${octet()}.${octet()}` };
      const hit = (t: TestContext) =>
        t.app.inject({ method: 'GET', url: apiPaths.categories.pattern, ...from });
      for (let i = 0; i < 20; i += 1) expect((await hit(i % 2 === 0 ? a : b)).statusCode).toBe(200);
      expect((await hit(b)).statusCode).toBe(429);
      expect((await hit(a)).statusCode).toBe(429);
    });
  }
}

const byTopic = (x: ChangeEvent, y: ChangeEvent) => x.topic.localeCompare(y.topic);

/** Drops the listening connections the way a restarted server or a network cut would. */
async function cutListeners(transport: 'postgres' | 'redis', databaseUrl: string) {
  if (transport === 'postgres') {
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      const { rowCount } = await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`,
      );
      expect(rowCount).toBe(2);
    } finally {
      await admin.end();
    }
    return;
  }
  const redis = new Redis(redisUrl!);
  try {
    const name = `sub:${redisChannel(databaseIdentity({ databaseUrl, dataDir: '' }))}`;
    const clients = String(await redis.client('LIST'))
      .split('\n')
      .filter((line) => line.includes(` name=${name} `));
    expect(clients).toHaveLength(2);
    for (const line of clients) await redis.client('KILL', 'ID', /\bid=(\d+)/.exec(line)![1]!);
  } finally {
    redis.disconnect();
  }
}

if (serverUrl) {
  describe('two processes on one PostgreSQL, changes through LISTEN/NOTIFY', () => {
    twoProcesses('postgres', {});
  });
  if (redisUrl) {
    describe('two processes on one PostgreSQL and one Redis, changes through Redis pub/sub', () => {
      twoProcesses('redis', { REDIS_URL: redisUrl, RATE_LIMIT_MAX: '20' });
    });
  }
} else {
  describe('no PostgreSQL server on 127.0.0.1:5432 or TEST_DATABASE_URL: one process only, the cross-process part not run', () => {
    let t: TestContext;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t.close());

    it('the embedded database keeps changes in its one process, told to its listeners once', async () => {
      expect(t.app.changeTransport).toBe('in-process');
      const heard: ChangeEvent[] = [];
      const off = t.app.changes.on((event) => heard.push(event));
      await t.app.changes.publish({ topic: 'content' });
      off();
      expect(heard).toEqual([{ topic: 'content' }]);
    });
  });
}

describe('Redis unreachable', () => {
  let t: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 9 of this machine: every Redis command fails.
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT_MAX: '5' });
  });
  afterAll(() => t.close());

  it('the shop still answers, unlimited, and changes still reach its own listeners', async () => {
    expect(t.app.changeTransport).toBe('redis');
    for (let i = 0; i < 7; i += 1) {
      const res = await t.app.inject({ method: 'GET', url: apiPaths.categories.pattern });
      expect(res.statusCode).toBe(200);
    }
    const heard: ChangeEvent[] = [];
    const off = t.app.changes.on((event) => heard.push(event));
    await t.app.changes.publish({ topic: 'settings' });
    off();
    expect(heard).toEqual([{ topic: 'settings' }]);
  });
});
