import type { Db } from './client.ts';

/**
 * Reads kept in the process's memory for as long as nothing is written to the database, where
 * this process is the database's only writer: the embedded database, whose data directory only
 * one process may open. Every statement that is not a plain `select`, and every transaction,
 * counts as a write when it is sent and again when it has finished, whatever table it touches
 * (`countingWrites` in client.ts). A read then keeps its answer only when no write was sent or
 * finished while it ran, and every kept answer is dropped at the next write: the request after
 * a sign-out, a cart change or a new price reads the database again, with nothing for the code
 * that writes to remember to tell. On a PostgreSQL server other processes write too: there
 * nothing is kept and every read goes to the database.
 */

/** How many writes were sent to the database and finished: only the number matters. */
export interface WriteCount {
  value: number;
}

const soleWriters = new WeakMap<Db, WriteCount>();

/** Says that `db` is written to by this process alone, through the writes `count` counts. */
export function markSoleWriter(db: Db, count: WriteCount): void {
  soleWriters.set(db, count);
}

/**
 * Up to `max` answers of one kind of read, by key, valid until the next write. A module keeps
 * its own (its tables, its reads). `stillGood` rejects an answer that time alone has made wrong
 * (an expired session); a missing answer (`undefined`) is never kept.
 */
export class KeptReads<K, V> {
  readonly #max: number;
  readonly #kept = new Map<K, V>();
  /** The write count the kept answers were read at. */
  #at = -1;
  /** Reads on their way, by key: many requests at once for the same answer send one statement. */
  readonly #pending = new Map<K, { at: number; answer: Promise<V | undefined> }>();

  constructor(max: number) {
    this.#max = max;
  }

  /** How many answers are kept (for the tests). */
  get size(): number {
    return this.#kept.size;
  }

  async read(
    db: Db,
    key: K,
    load: () => Promise<V | undefined>,
    stillGood?: (answer: V) => boolean,
  ): Promise<V | undefined> {
    const writes = soleWriters.get(db);
    // A transaction, or a database other processes write to: read it.
    if (!writes) return load();
    if (this.#at !== writes.value) {
      this.#kept.clear();
      this.#at = writes.value;
    }
    const kept = this.#kept.get(key);
    if (kept !== undefined) {
      if (!stillGood || stillGood(kept)) {
        // The least recently used answer is the first to go.
        this.#kept.delete(key);
        this.#kept.set(key, kept);
        return kept;
      }
      this.#kept.delete(key);
    }
    // The same read already on its way, with nothing written since it was sent: its answer.
    const pending = this.#pending.get(key);
    if (pending && pending.at === writes.value) return pending.answer;
    const before = writes.value;
    const answer = load();
    this.#pending.set(key, { at: before, answer });
    try {
      return this.#keep(writes, key, before, await answer);
    } finally {
      if (this.#pending.get(key)?.answer === answer) this.#pending.delete(key);
    }
  }

  #keep(writes: WriteCount, key: K, before: number, answer: V | undefined): V | undefined {
    // Kept only when no write was sent or finished while it was read.
    if (answer !== undefined && writes.value === before) {
      if (this.#at !== before) {
        this.#kept.clear();
        this.#at = before;
      }
      if (this.#kept.size >= this.#max) this.#kept.delete(this.#kept.keys().next().value!);
      this.#kept.set(key, answer);
    }
    return answer;
  }
}
