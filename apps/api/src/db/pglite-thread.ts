import { Worker } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database on a worker thread, behind the part of PGlite's interface that
 * drizzle's PGlite driver and the shop use (`query`, `exec`, `transaction`, `listen`,
 * `dumpDataDir`, `close`). While the database works, the main thread keeps rendering pages.
 *
 * Query options cross the thread boundary as data: drizzle's only functions there are the
 * parsers that keep dates as text, which become a list of type ids the worker reads raw.
 */

interface Pending {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface SerializedError {
  name: string;
  message: string;
  fields: Record<string, unknown>;
}

type Sendable = Record<string, unknown>;

function sendableOptions(options: QueryOptions | undefined): Sendable | undefined {
  if (!options) return undefined;
  const { parsers, serializers, ...rest } = options;
  if (serializers && Object.keys(serializers).length > 0)
    throw new Error('custom serializers do not cross to the database thread');
  const rawTypes = parsers ? Object.keys(parsers).map(Number) : undefined;
  return { ...rest, ...(rawTypes && { rawTypes }) };
}

function rebuildError(error: SerializedError): Error {
  return Object.assign(new Error(error.message), { name: error.name }, error.fields);
}

export class PGliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 0;
  #failure: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on(
      'message',
      (message: {
        id?: number;
        type?: string;
        result?: unknown;
        error?: SerializedError;
        channel?: string;
        payload?: string;
      }) => {
        if (message.type === 'notification') {
          for (const listener of this.#listeners.get(message.channel!) ?? []) listener(message.payload!);
          return;
        }
        if (message.id === undefined) return;
        const pending = this.#pending.get(message.id);
        this.#pending.delete(message.id);
        if (message.error) pending?.reject(rebuildError(message.error));
        else pending?.resolve(message.result);
      },
    );
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => this.#fail(new Error(`the database thread exited (code ${code})`)));
  }

  /** Starts the thread and opens the database in `dataDir` (or from a dump). */
  static async create(
    dataDir: string,
    options: { loadDataDir?: Blob | undefined } = {},
  ): Promise<PGliteThread> {
    const template = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dataDir, template },
      ...(template && { transferList: [template] }),
      // Not the parent's loader flags (tsx): the worker is plain JavaScript.
      execArgv: [],
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: { type?: string }) => {
        if (message.type !== 'ready') return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        resolve();
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PGliteThread(worker);
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }

  #call<T>(message: Sendable, transfer: ArrayBuffer[] = []): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#nextId;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...message, id }, transfer);
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.#call({ type: 'query', sql, params, options: sendableOptions(options), tx });
  }

  exec(sql: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.#call({ type: 'exec', sql, options: sendableOptions(options), tx });
  }

  /** Runs `callback` in a transaction held open on the database thread until it settles. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.#call<number>({ type: 'begin' });
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) =>
        this.query<R>(sql, params, options, id),
      exec: (sql: string, options?: QueryOptions) => this.exec(sql, options, id),
      rollback: async () => {
        throw Object.assign(new Error('rolled back'), { rolledBack: true });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await callback(tx);
    } catch (error) {
      closed = true;
      await this.#call({ type: 'rollback', tx: id });
      throw error;
    }
    closed = true;
    await this.#call({ type: 'commit', tx: id });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.#listeners.get(channel);
    if (!set) {
      set = new Set();
      this.#listeners.set(channel, set);
      await this.#call({ type: 'listen', channel });
    }
    set.add(callback);
    return async () => {
      set.delete(callback);
      if (set.size === 0 && this.#listeners.get(channel) === set) {
        this.#listeners.delete(channel);
        await this.#call({ type: 'unlisten', channel });
      }
    };
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const bytes = await this.#call<ArrayBuffer>({ type: 'dump', compression });
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (!this.#failure) await this.#call({ type: 'close' });
    this.#failure ??= new Error('the database is closed');
    await this.#worker.terminate();
  }

  /** For drizzle's driver, which is typed against PGlite itself. */
  asPGlite(): PGlite {
    return this as unknown as PGlite;
  }
}
