// The embedded database's own thread: a PGlite instance that answers the messages of
// pglite-thread.ts. Plain JavaScript so that it runs as it is under tsx, Vitest and a
// compiled server alike (a worker thread does not inherit a TypeScript loader).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

const raw = (value) => value;
const { dataDir, template } = workerData;
const db = await PGlite.create(dataDir, {
  extensions: { pg_trgm },
  ...(template && { loadDataDir: new Blob([template]) }),
});

/** Open transactions by id: each waits for its commit or rollback message. */
const transactions = new Map();
let nextTransaction = 0;

function serializeError(error) {
  const fields = {};
  for (const key of Object.keys(error)) {
    const value = error[key];
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return { name: error.name, message: error.message, fields };
}

function options(given) {
  if (!given) return undefined;
  const { rawTypes, ...rest } = given;
  return rawTypes ? { ...rest, parsers: Object.fromEntries(rawTypes.map((oid) => [oid, raw])) } : rest;
}

function target(txId) {
  if (txId === undefined) return db;
  const open = transactions.get(txId);
  if (!open) throw new Error(`transaction ${txId} is not open`);
  return open.tx;
}

async function handle(message) {
  switch (message.type) {
    case 'query':
      return target(message.tx).query(message.sql, message.params, options(message.options));
    case 'exec':
      return target(message.tx).exec(message.sql, options(message.options));
    case 'begin': {
      const id = ++nextTransaction;
      let opened;
      const ready = new Promise((resolve) => (opened = resolve));
      const done = db.transaction(
        (tx) =>
          new Promise((resolve, reject) => {
            transactions.set(id, { tx, resolve, reject });
            opened();
          }),
      );
      transactions.set(id, { done });
      await ready;
      transactions.get(id).done = done;
      return id;
    }
    case 'commit':
    case 'rollback': {
      const open = transactions.get(message.tx);
      transactions.delete(message.tx);
      if (message.type === 'commit') open.resolve();
      else open.reject(Object.assign(new Error('rolled back'), { rolledBack: true }));
      try {
        await open.done;
      } catch (error) {
        if (!error.rolledBack) throw error;
      }
      return null;
    }
    case 'listen': {
      const stop = await db.listen(message.channel, (payload) =>
        parentPort.postMessage({ type: 'notification', channel: message.channel, payload }),
      );
      listeners.set(message.channel, stop);
      return null;
    }
    case 'unlisten':
      await listeners.get(message.channel)?.();
      listeners.delete(message.channel);
      return null;
    case 'dump': {
      const file = await db.dumpDataDir(message.compression);
      return await file.arrayBuffer();
    }
    case 'close':
      await db.close();
      return null;
    default:
      throw new Error(`unknown message ${message.type}`);
  }
}

const listeners = new Map();

parentPort.on('message', (message) => {
  handle(message).then(
    (result) =>
      parentPort.postMessage({ id: message.id, result }, result instanceof ArrayBuffer ? [result] : []),
    (error) => parentPort.postMessage({ id: message.id, error: serializeError(error) }),
  );
});
parentPort.postMessage({ type: 'ready' });
