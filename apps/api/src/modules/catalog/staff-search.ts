import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ChangeEvent } from '../../lib/change-events.ts';
import { ProductChanges, readByIdInPages, readSearchNames } from './listing-index.ts';
import { products } from './schema.ts';
import { rankedIn } from './search.ts';
import { SearchIndex, type SearchEntry, type SearchNames } from './search-index.ts';

/*
 * The back office's product search: the storefront's rules (search.ts) on a search index of
 * every product, hidden ones too, kept in memory by each process that staff search in.
 *
 * The storefront's index (listing-index.ts) holds the visible products only, and its words
 * decide which query words are typos: a word only a hidden product holds must not stop a
 * shopper's typo from being corrected. So staff get an index of their own, made at their first
 * search. It follows the change bus like the shelves: a change naming products re-reads just
 * those rows, and only a changed text, maker or category, or a product that came or went, makes
 * the index again (stock and price changes, the common ones, do not); a change that may touch
 * any product (an import, a renamed maker or category, the synonyms) reads every product again.
 * A search never answers from texts older than the change it follows.
 *
 * The database keeps no index of its own for this: a trigram index over every product's search
 * text cost the catalog's writers more than the rest of the product row together.
 */

/**
 * An index no staff member searched for this long is let go (at 100,000 products it holds about
 * 80 MB of the process's heap); the next search makes it again.
 */
const IDLE_MS = 10 * 60_000;

const entryColumns = {
  id: products.id,
  doc: products.searchDoc,
  name: products.searchNorm,
  company: products.companyId,
  category: products.categoryId,
  price: products.effectivePriceHalalas,
};

/** A product's row as its entry: the generated names and the price are never null once written. */
const asEntry = (r: {
  id: number;
  doc: string;
  name: string | null;
  company: number;
  category: number;
  price: number | null;
}): SearchEntry => ({
  ...r,
  name: r.name ?? '',
  price: r.price ?? 0,
});

export class StaffSearch {
  readonly #db: Db;
  /** Every product's entry by id, once read. */
  #entries = new Map<number, SearchEntry>();
  #names: SearchNames | null = null;
  #index: SearchIndex | null = null;
  /** Products named by changes since they were last read, or every product (`whole`). */
  readonly #changes = new ProductChanges(true);
  #refreshing: Promise<void> | null = null;
  #usedAt = 0;
  #idleCheck: NodeJS.Timeout | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  changed(event: ChangeEvent): void {
    this.#changes.note(event);
  }

  /**
   * The ids of the products, hidden ones too, matching every word of `term`, best first (at most
   * MAX_CANDIDATES, as the storefront's search answers). The back office's list filters and
   * sorts within these.
   */
  async rankedIds(term: string): Promise<number[]> {
    const index = await this.#ready();
    this.#usedAt = Date.now();
    if (!this.#idleCheck) this.#idleCheck = this.#checkIdleIn(IDLE_MS);
    return rankedIn(index, term);
  }

  #checkIdleIn(ms: number): NodeJS.Timeout {
    // unref: a process with nothing else to do ends without waiting for it.
    return setTimeout(() => {
      const idle = Date.now() - this.#usedAt;
      if (idle < IDLE_MS || this.#refreshing) {
        this.#idleCheck = this.#checkIdleIn(Math.max(IDLE_MS - idle, 1000));
        return;
      }
      this.#idleCheck = null;
      this.#entries = new Map();
      this.#names = null;
      this.#index = null;
      this.#changes.whole = true;
    }, ms).unref();
  }

  async #ready(): Promise<SearchIndex> {
    while (this.#changes.pending || !this.#index || this.#refreshing) {
      this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = null));
      await this.#refreshing;
    }
    return this.#index;
  }

  async #refresh(): Promise<void> {
    const taken = this.#changes.take();
    try {
      if (taken.whole) {
        const [entries, names] = await Promise.all([this.#readAll(), readSearchNames(this.#db)]);
        this.#entries = new Map(entries.map((e) => [e.id, e]));
        this.#names = names;
        this.#index = null;
      } else if (taken.ids.length > 0) {
        const { ids } = taken;
        const rows = await this.#db.select(entryColumns).from(products).where(inArray(products.id, ids));
        const found = new Map(rows.map((r) => [r.id, asEntry(r)]));
        let texts = false;
        for (const id of ids) {
          const now = found.get(id);
          const before = this.#entries.get(id);
          if (!now) {
            if (before) texts = true;
            this.#entries.delete(id);
            continue;
          }
          const same =
            before !== undefined &&
            before.doc === now.doc &&
            before.name === now.name &&
            before.company === now.company &&
            before.category === now.category;
          if (!same) texts = true;
          this.#entries.set(id, now);
        }
        if (texts) this.#index = null;
      }
    } catch (error) {
      this.#changes.restore(taken);
      throw error;
    }
    if (!this.#index && !this.#changes.pending) {
      // Catalog order (by id), as the storefront's search takes its candidates.
      const entries = [...this.#entries.values()].sort((a, b) => a.id - b.id);
      this.#index = await SearchIndex.make(entries, this.#names!);
    }
  }

  /** Every product's entry, by id. */
  async #readAll(): Promise<SearchEntry[]> {
    const rows = await readByIdInPages((after, limit) =>
      this.#db
        .select(entryColumns)
        .from(products)
        .where(gt(products.id, after))
        .orderBy(asc(products.id))
        .limit(limit),
    );
    return rows.map(asEntry);
  }
}
