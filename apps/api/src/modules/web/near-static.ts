import type { Lang } from '@shop/contract';
import type { ChangeEvent, ChangeEvents, ChangeTopic } from '../../lib/change-events.ts';

/**
 * Data that changes a few times a day at most (settings, categories, brands, sliders, agents,
 * info pages), kept in memory per language and dropped when the change bus says its topic
 * changed. The change bus speaks after the commit, and a read under way then is dropped with
 * the rest: the next request reads the new data.
 */
/**
 * The longest a list of products is kept: stock taken by orders is not published on the change
 * bus yet, and this bounds how old a list's stock can be. Not the way changes reach shoppers.
 */
const PRODUCT_LIST_MAX_AGE_MS = 60_000;

export class NearStaticCache {
  readonly #entries = new Map<
    string,
    { topic: ChangeTopic; showsProducts: boolean; readAt: number; value: Promise<unknown> }
  >();
  readonly #unsubscribe: () => void;

  constructor(changes: ChangeEvents) {
    this.#unsubscribe = changes.on((event) => this.#drop(event));
  }

  #drop(event: ChangeEvent) {
    // A change to given products (price, stock) leaves categories and brands as they are.
    const productsOnly = event.topic === 'catalog' && event.productIds !== undefined;
    for (const [key, entry] of this.#entries) {
      if (entry.topic === event.topic && (!productsOnly || entry.showsProducts)) this.#entries.delete(key);
    }
  }

  /**
   * The cached value of `name` in `lang`, or `load()`'s, kept until `topic` changes; with
   * `showsProducts` (a list of products), until any product changes too.
   */
  get<T>(
    topic: ChangeTopic,
    name: string,
    lang: Lang | '',
    load: () => Promise<T>,
    { showsProducts = false } = {},
  ): Promise<T> {
    const key = `${name}:${lang}`;
    const found = this.#entries.get(key);
    if (found && !(found.showsProducts && Date.now() - found.readAt > PRODUCT_LIST_MAX_AGE_MS)) {
      return found.value as Promise<T>;
    }
    const value = load();
    this.#entries.set(key, { topic, showsProducts, readAt: Date.now(), value });
    // A failed read (the database away) is tried again by the next request.
    value.catch(() => {
      if (this.#entries.get(key)?.value === value) this.#entries.delete(key);
    });
    return value;
  }

  close() {
    this.#unsubscribe();
    this.#entries.clear();
  }
}
