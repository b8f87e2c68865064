import type { Lang } from '@shop/contract';
import type { ChangeEvent, ChangeEvents, ChangeTopic } from '../../lib/change-events.ts';

/**
 * Data that changes a few times a day at most (settings, categories, brands, sliders, agents,
 * info pages), kept in memory per language and dropped when the change bus says its topic
 * changed. The change bus speaks after the commit, and a read under way then is dropped with
 * the rest: the next request reads the new data.
 */
export class NearStaticCache {
  readonly #entries = new Map<string, { topic: ChangeTopic; value: Promise<unknown> }>();
  readonly #unsubscribe: () => void;

  constructor(changes: ChangeEvents) {
    this.#unsubscribe = changes.on((event) => this.#drop(event));
  }

  #drop(event: ChangeEvent) {
    // A change to given products leaves categories and brands as they are.
    if (event.topic === 'catalog' && event.productIds) return;
    for (const [key, entry] of this.#entries) if (entry.topic === event.topic) this.#entries.delete(key);
  }

  /** The cached value of `name` in `lang`, or `load()`'s, kept until `topic` changes. */
  get<T>(topic: ChangeTopic, name: string, lang: Lang | '', load: () => Promise<T>): Promise<T> {
    const key = `${name}:${lang}`;
    const found = this.#entries.get(key);
    if (found) return found.value as Promise<T>;
    const value = load();
    this.#entries.set(key, { topic, value });
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
