import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { ChangeEvents, type ChangeEvent, type ChangeTopic, type ChangeTransport } from './change-events.ts';

/**
 * How the change bus reaches the shop's other processes:
 * - Redis pub/sub when `REDIS_URL` is set (one channel per database, so two shops, or two
 *   test databases, on one Redis do not hear each other);
 * - else PostgreSQL `LISTEN/NOTIFY` when `DATABASE_URL` is set;
 * - else nothing: the embedded database belongs to one process, so in-process delivery is all.
 *
 * A lost connection is retried for as long as the process runs. Events published while a
 * process was not listening cannot be replayed, so when its subscription comes back it tells
 * its own listeners that everything may have changed (one event per topic, without product
 * ids): caches empty themselves rather than serve what another process changed meanwhile.
 * A transport never throws into a publisher: the change it reports has already committed, so a
 * failure to tell the others is logged, not turned into a failed request.
 */

const TOPICS: readonly ChangeTopic[] = ['catalog', 'content', 'settings', 'promotions'];

/** NOTIFY payloads must stay under 8,000 bytes; Redis has no such limit but gains nothing from more. */
const MAX_PAYLOAD_BYTES = 7_500;

/** PostgreSQL channels are per database already. */
const PG_CHANNEL = 'shop_changes';

/** What the transports log through: the app's pino logger, or the console in a command. */
export interface TransportLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

interface Envelope {
  /** The process that sent it: it already told its own listeners, so it ignores its echo. */
  origin: string;
  event: ChangeEvent;
}

export function encodeEnvelope(envelope: Envelope): string {
  const json = JSON.stringify(envelope);
  if (Buffer.byteLength(json) <= MAX_PAYLOAD_BYTES) return json;
  // Too many product ids to carry (a large import): "any product" is the safe reading.
  return JSON.stringify({ origin: envelope.origin, event: { topic: envelope.event.topic } });
}

export function decodeEnvelope(text: string): Envelope | null {
  try {
    const value = JSON.parse(text) as Partial<Envelope>;
    const event = value.event;
    if (typeof value.origin !== 'string' || !event || !TOPICS.includes(event.topic)) return null;
    const ids = event.productIds;
    if (ids !== undefined && !(Array.isArray(ids) && ids.every((id) => Number.isInteger(id)))) return null;
    return {
      origin: value.origin,
      event: ids === undefined ? { topic: event.topic } : { topic: event.topic, productIds: ids },
    };
  } catch {
    return null;
  }
}

/** Tells this process's listeners that anything may have changed (after a gap in listening). */
function everythingChanged(receive: (event: ChangeEvent) => void): void {
  for (const topic of TOPICS) receive({ topic });
}

/** The Redis channel of one shop: named after its database, never after its credentials. */
export function redisChannel(databaseIdentity: string): string {
  return `shop:changes:${createHash('sha256').update(databaseIdentity).digest('hex').slice(0, 16)}`;
}

/** The database a URL points at (host, port, name), without user or password. */
export function databaseIdentity(database: { databaseUrl?: string | undefined; dataDir: string }): string {
  if (!database.databaseUrl) return `file:${database.dataDir}`;
  const url = new URL(database.databaseUrl);
  return `${url.hostname}:${url.port || '5432'}${url.pathname}`;
}

/**
 * Redis pub/sub. `publisher` is a connection the caller owns (the rate limiter's); the
 * subscriber is a duplicate of it, since a subscribed Redis connection can do nothing else.
 */
export function redisTransport(options: {
  publisher: Redis;
  channel: string;
  log: TransportLog;
}): ChangeTransport {
  const { publisher, channel, log } = options;
  const origin = randomUUID();
  // Retries forever (and re-subscribes after each reconnection) for as long as the process runs.
  // Named after its channel, so an operator (or a test) can find it in `CLIENT LIST`.
  const subscriber = publisher.duplicate({
    maxRetriesPerRequest: null,
    enableOfflineQueue: true,
    commandTimeout: undefined,
    connectionName: `sub:${channel}`,
  });
  let closed = false;
  return {
    async send(event) {
      try {
        await publisher.publish(channel, encodeEnvelope({ origin, event }));
      } catch (error) {
        log.warn({ err: error, event }, 'change not sent to the other processes (Redis)');
      }
    },
    async start(receive) {
      let listened = false;
      subscriber.on('message', (from: string, text: string) => {
        if (from !== channel) return;
        const envelope = decodeEnvelope(text);
        if (envelope && envelope.origin !== origin) receive(envelope.event);
      });
      subscriber.on('error', (error: Error) => {
        if (!closed) log.warn({ err: error }, 'change subscription (Redis): connection error');
      });
      subscriber.on('ready', () => {
        // ioredis subscribes again by itself; what was published during the gap is lost.
        if (listened) everythingChanged(receive);
        listened = true;
      });
      // Queued until Redis answers; the shop starts anyway and listens once it does.
      const subscribed = subscriber.subscribe(channel).then(() => true);
      subscribed.catch((error: unknown) => log.error({ err: error }, 'change subscription (Redis) failed'));
      const inTime = await Promise.race([subscribed, delay(3_000, false, { ref: false })]).catch(() => false);
      if (!inTime) log.error({ channel }, 'change subscription (Redis) not ready yet; retrying');
    },
    async close() {
      closed = true;
      subscriber.disconnect();
    },
  };
}

/**
 * PostgreSQL LISTEN/NOTIFY: one client of its own listens; events are sent through the app's
 * pool, so a change that could commit can also be announced.
 */
export function postgresTransport(options: {
  database: Database;
  databaseUrl: string;
  log: TransportLog;
  /** First wait before reconnecting, doubled up to ten seconds. */
  retryMs?: number;
}): ChangeTransport {
  const { database, databaseUrl, log } = options;
  const origin = randomUUID();
  const firstRetryMs = options.retryMs ?? 250;
  let waitMs = firstRetryMs;
  let client: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;

  /** Connects and listens; on failure or a later loss of the connection, tries again. */
  async function listen(receive: (event: ChangeEvent) => void, resumed: boolean): Promise<boolean> {
    // The driver is loaded here, not at start: only a shop on a PostgreSQL server needs it.
    const { default: pgDriver } = await import('pg');
    const next = new pgDriver.Client({ connectionString: databaseUrl });
    next.on('notification', (message) => {
      if (message.channel !== PG_CHANNEL || !message.payload) return;
      const envelope = decodeEnvelope(message.payload);
      if (envelope && envelope.origin !== origin) receive(envelope.event);
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost || closed) return;
      lost = true;
      if (client === next) client = undefined;
      log.warn({ err: error }, 'change subscription (PostgreSQL): connection lost, reconnecting');
      next.end().catch(() => {});
      retryTimer = setTimeout(() => void listen(receive, true), waitMs);
      retryTimer.unref();
      // Back off while the server stays away.
      waitMs = Math.min(waitMs * 2, 10_000);
    };
    next.on('error', onLost);
    next.on('end', () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${PG_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      return false;
    }
    if (closed) {
      await next.end().catch(() => {});
      return false;
    }
    client = next;
    waitMs = firstRetryMs;
    if (resumed) everythingChanged(receive);
    return true;
  }

  return {
    async send(event) {
      try {
        await database.db.execute(sql`select pg_notify(${PG_CHANNEL}, ${encodeEnvelope({ origin, event })})`);
      } catch (error) {
        log.warn({ err: error, event }, 'change not sent to the other processes (PostgreSQL)');
      }
    },
    async start(receive) {
      // The shop serves even when this fails; the listener keeps trying in the background.
      if (!(await listen(receive, false)))
        log.error({ channel: PG_CHANNEL }, 'change subscription (PostgreSQL) not started; retrying');
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}

/**
 * Plugs the transport the configuration calls for into the bus (none with the embedded
 * database and no Redis). Returns its kind, for the logs and the tests.
 */
export async function connectChanges(
  changes: ChangeEvents,
  options: {
    databaseUrl: string | undefined;
    dataDir: string;
    database: Database;
    redis: Redis | undefined;
    log: TransportLog;
  },
): Promise<'redis' | 'postgres' | 'in-process'> {
  if (options.redis) {
    const channel = redisChannel(databaseIdentity(options));
    await changes.useTransport(redisTransport({ publisher: options.redis, channel, log: options.log }));
    return 'redis';
  }
  if (options.databaseUrl) {
    await changes.useTransport(
      postgresTransport({ database: options.database, databaseUrl: options.databaseUrl, log: options.log }),
    );
    return 'postgres';
  }
  return 'in-process';
}

/**
 * For a command that changes the shop from outside its processes (a catalog import run from a
 * shell against the shop's PostgreSQL): tells every running process, as a service would.
 */
export async function announceChanges(
  events: ChangeEvent[],
  options: {
    databaseUrl: string | undefined;
    redisUrl: string | undefined;
    dataDir: string;
    database: Database;
    log: TransportLog;
  },
): Promise<void> {
  // With the embedded database no shop process can be running beside this one.
  if (!options.databaseUrl) return;
  const redis = options.redisUrl
    ? new (await import('ioredis')).Redis(options.redisUrl, { maxRetriesPerRequest: 1 })
    : undefined;
  redis?.on('error', () => {});
  const changes = new ChangeEvents();
  try {
    await connectChanges(changes, { ...options, redis });
    for (const event of events) await changes.publish(event);
  } finally {
    await changes.close();
    redis?.disconnect();
  }
}
