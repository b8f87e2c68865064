import type { ChangeEvent, ChangeEvents, ChangeTopic } from './change-events.ts';

/**
 * The longest a read that shows products is kept, changes or not: a safety net for a writer
 * that forgets to publish, never the way a change reaches shoppers (every writer of products,
 * prices and stock publishes on the change bus after its commit).
 */
export const PRODUCT_READ_MAX_AGE_MS = 60_000;

/** How many reads are kept: the least recently used beyond it are dropped. */
export const READ_CACHE_MAX_ENTRIES = 2_000;

export interface ReadOptions {
  /** A read that shows products (a list, a page of search results, one product). */
  showsProducts?: boolean;
  /**
   * The only products the read shows, when known in advance (one product's details): a change
   * to other products leaves it. Absent: any product change drops it.
   */
  productIds?: readonly number[];
  /**
   * Aborts when the asking client went away. The read itself is cancelled only when every
   * client waiting for it went away: others may be waiting for the same answer.
   */
  signal?: AbortSignal | undefined;
}

interface Entry {
  topic: ChangeTopic;
  showsProducts: boolean;
  productIds: ReadonlySet<number> | undefined;
  readAt: number;
  value: Promise<unknown>;
  settled: boolean;
  /** Clients still waiting for an unsettled read; undefined once one could not leave. */
  waiting: number | undefined;
  cancel: AbortController;
}

/**
 * Public reads shared by every visitor — settings, categories, brands, sliders, info pages, the
 * home page's lists, listing and search pages, product details — kept in memory and dropped when
 * the change bus says what they show changed. The bus speaks after the commit; a read under way
 * then is dropped with the rest, so the next request reads the new data. Visitors asking for a
 * read under way wait for it instead of starting their own, so a burst of one search costs one
 * query. Bounded: the least recently used reads go first.
 */
export class ReadCache {
  readonly #entries = new Map<string, Entry>();
  readonly #unsubscribe: () => void;

  constructor(
    changes: ChangeEvents,
    private readonly maxEntries = READ_CACHE_MAX_ENTRIES,
  ) {
    this.#unsubscribe = changes.on((event) => this.#drop(event));
  }

  get size() {
    return this.#entries.size;
  }

  #drop(event: ChangeEvent) {
    // A change to given products (price, stock) leaves categories and brands as they are, and
    // the details of other products.
    const changed = event.topic === 'catalog' ? event.productIds : undefined;
    for (const [key, entry] of this.#entries) {
      if (entry.topic !== event.topic) continue;
      if (changed && !entry.showsProducts) continue;
      if (changed && entry.productIds && !changed.some((id) => entry.productIds!.has(id))) continue;
      this.#entries.delete(key);
    }
  }

  #join(entry: Entry, signal: AbortSignal | undefined) {
    if (entry.settled || entry.waiting === undefined) return;
    if (!signal) {
      entry.waiting = undefined;
      return;
    }
    entry.waiting++;
    signal.addEventListener(
      'abort',
      () => {
        if (entry.waiting === undefined || entry.settled) return;
        if (--entry.waiting === 0) entry.cancel.abort(signal.reason);
      },
      { once: true },
    );
  }

  /**
   * The cached answer of `key` in `topic`, or `load`'s, kept until `topic` changes (and, for a
   * read that shows products, until they change). `load` gets the signal that cancels it.
   */
  get<T>(
    topic: ChangeTopic,
    key: string,
    load: (signal: AbortSignal) => Promise<T>,
    { showsProducts = false, productIds, signal }: ReadOptions = {},
  ): Promise<T> {
    const found = this.#entries.get(key);
    if (found && !(found.showsProducts && Date.now() - found.readAt > PRODUCT_READ_MAX_AGE_MS)) {
      // Most recently used last: eviction takes the map's first entries.
      this.#entries.delete(key);
      this.#entries.set(key, found);
      this.#join(found, signal);
      return found.value as Promise<T>;
    }
    const cancel = new AbortController();
    const entry: Entry = {
      topic,
      showsProducts,
      productIds: productIds ? new Set(productIds) : undefined,
      readAt: Date.now(),
      value: Promise.resolve(),
      settled: false,
      waiting: 0,
      cancel,
    };
    this.#join(entry, signal);
    const value = (async () => load(cancel.signal))();
    entry.value = value;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    for (const oldest of this.#entries.keys()) {
      if (this.#entries.size <= this.maxEntries) break;
      this.#entries.delete(oldest);
    }
    value.then(
      () => (entry.settled = true),
      () => {
        entry.settled = true;
        // A failed or refused read (database away, shop busy, every client gone) is tried again
        // by the next request.
        if (this.#entries.get(key) === entry) this.#entries.delete(key);
      },
    );
    return value;
  }

  close() {
    this.#unsubscribe();
    this.#entries.clear();
  }
}
