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

/** What one kind of read keeps of one database. */
interface Kept<K, V> {
  /** The write count the kept answers were read at. */
  at: number;
  answers: Map<K, V>;
  /** Reads on their way, by key: many requests at once for the same answer send one statement. */
  pending: Map<K, { at: number; answer: Promise<V | undefined> }>;
}

/**
 * Up to `max` answers of one kind of read, by key, valid until the next write. A module keeps
 * its own (its tables, its reads). `stillGood` rejects an answer that time alone has made wrong
 * (an expired session); a missing answer (`undefined`) is never kept.
 */
export class KeptReads<K, V> {
  readonly #max: number;
  /** By database (by its write count): a process may open several, one after another (tests, a restore). */
  readonly #of = new WeakMap<WriteCount, Kept<K, V>>();
  #last: Kept<K, V> | undefined;

  constructor(max: number) {
    this.#max = max;
  }

  /** How many answers are kept of the database last read (for the tests). */
  get size(): number {
    return this.#last?.answers.size ?? 0;
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
    let kept = this.#of.get(writes);
    if (!kept) this.#of.set(writes, (kept = { at: writes.value, answers: new Map(), pending: new Map() }));
    this.#last = kept;
    if (kept.at !== writes.value) {
      kept.answers.clear();
      kept.at = writes.value;
    }
    const answer = kept.answers.get(key);
    if (answer !== undefined) {
      if (!stillGood || stillGood(answer)) {
        // The least recently used answer is the first to go.
        kept.answers.delete(key);
        kept.answers.set(key, answer);
        return answer;
      }
      kept.answers.delete(key);
    }
    // The same read already on its way, with nothing written since it was sent: its answer.
    const pending = kept.pending.get(key);
    if (pending && pending.at === writes.value) return pending.answer;
    const before = writes.value;
    const reading = load();
    kept.pending.set(key, { at: before, answer: reading });
    try {
      const read = await reading;
      // Kept only when no write was sent or finished while it was read.
      if (read !== undefined && writes.value === before) {
        if (kept.at !== before) {
          kept.answers.clear();
          kept.at = before;
        }
        if (kept.answers.size >= this.#max) kept.answers.delete(kept.answers.keys().next().value!);
        kept.answers.set(key, read);
      }
      return read;
    } finally {
      if (kept.pending.get(key)?.answer === reading) kept.pending.delete(key);
    }
  }
}
