import { and, gt, inArray, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ChangeEvent } from '../../lib/change-events.ts';
import { FacetNames } from './facets.ts';
import {
  categories,
  companies,
  products,
  productSaleColumns,
  searchSynonyms,
  type Swatch,
} from './schema.ts';
import { SearchIndex, type SearchNames } from './search-index.ts';

/*
 * The shelves in memory (docs/decisions/199-listings-from-memory.md): for every visible
 * product, what a listing filters, orders and counts it by — its id, category, maker, effective
 * price, whether it is in stock, and its facet keys. A listing page, its count and its facet
 * counts are worked out on a shelf's products here (as sets of bits once a choice or a count
 * needs them, decision 233), and what the facet values are called is
 * kept beside them (`FacetNames`), and so is what a product's card shows (`Card`): a listing or
 * search page asks the database nothing (decision 203).
 *
 * Counting facets in SQL unnests every key of every product on the shelf (60,000 keys for a
 * category of 10,000 products: about 14 ms of a core), so listings that the read cache cannot
 * answer could not keep up with a crowd; here the same counts take well under a millisecond.
 *
 * The copy follows the change bus. A change naming products marks them stale and the next read
 * first re-reads just those rows (a price or stock change is written into the shelves made
 * already; any other change makes its shelves again when next read); a change that may touch any
 * product (an import, a category or specification edit) makes the next read wait for the whole
 * copy to be read again. Every writer
 * of products publishes after its commit, so a read never answers from a copy older than the
 * change it follows. As a safety net for a writer that forgot to publish, a copy older than
 * REFRESH_AFTER_MS is read again in the background while the old one keeps answering.
 */

/**
 * What a product's card shows, but its category's and maker's names (`FacetNames` has them):
 * the fields service.ts's `toProduct` reads, kept so that a page of cards needs no statement.
 */
export type Card = Pick<
  typeof products.$inferSelect,
  keyof typeof productSaleColumns | 'variantCount' | 'fromPriceHalalas' | 'swatches'
>;

/** A shown product's card with its category and maker (`Shelves.cards`). */
export interface ShelvedCard {
  id: number;
  category: number;
  company: number;
  card: Card;
}

/** One product as listings see it. */
interface Shelved {
  id: number;
  category: number;
  company: number;
  /** The maker's slot (`Shelves`), for counting makers in an array. */
  maker: number;
  /** Effective price (the offer's when there is one), halalas. */
  price: number;
  inStock: boolean;
  /** Facet keys, as ids of `Shelves.keyNames`. */
  keys: number[];
  /** Its search text and its own names, normalized (`SearchEntry`). */
  doc: string;
  name: string;
  /** Its approved reviews' average (0 without any) and count: the listings' sort by rating. */
  rating: number;
  ratings: number;
  card: Card;
}

/** Each product's approved reviews, counted (`count`) and summed (`sum`), by product id. */
export type RatingCounts = Map<number, { count: number; sum: number }>;

/**
 * Reads the rating counts of the products of `ids` (all when undefined). The reviews module owns
 * them; the process hands its reader to the shelves, so the catalog imports nothing of it.
 */
export type RatingsReader = (db: Db, ids?: readonly number[]) => Promise<RatingCounts>;

/** The order of a listing: the catalog's (by id), or the best rated first. */
export type ListingOrder = 'catalog' | 'rating';

const REFRESH_AFTER_MS = 5 * 60_000;
/** Products read by one statement when the whole copy is read. */
const READ_AT_ONCE = 20_000;

/** A shopper's narrowing of a shelf, checked already (facet keys against the contract). */
export interface Narrowing {
  facet: string[];
  inStock: boolean;
  /** Inclusive bounds of the effective price, halalas. */
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  /** Count the maker facet ("b:<company id>") too: not on a maker's own shelf. */
  makers: boolean;
  /** Count every facet value (only when the answer shows them). */
  counts: boolean;
  /** Which of the narrowed products to return, in shelf order (or in `order`). */
  offset: number;
  limit: number;
  /**
   * The best rated first: the highest average, then the most ratings, then the catalog's order;
   * products without a rating last.
   */
  order?: ListingOrder | undefined;
}

export interface Narrowed {
  /** Products that every choice leaves. */
  total: number;
  /** Those of them from `offset`, at most `limit`, in shelf order. */
  ids: number[];
  /**
   * Per facet key, the products the result would hold with that value added to its group (the
   * choices of every other group apply, its own group's do not); only keys that count some.
   */
  counts: Map<string, number>;
  /** Products in stock with every other choice applied. */
  inStock: number;
  /** Price range (halalas) with every other choice applied; null for none. */
  price: { min: number; max: number } | null;
}

const groupOf = (key: string) => key.slice(0, key.indexOf(':'));

/**
 * A shelf's products as columns, for the pass: typed arrays are read several times faster than
 * objects and hold a fraction of the memory. `keys[keyStart[i]..keyStart[i + 1]]` are product
 * i's facet keys.
 */
export class Shelf {
  readonly ids: Int32Array;
  /** The maker of each, as its slot in `Shelves`'s makers. */
  readonly makers: Int32Array;
  readonly prices: Float64Array;
  readonly stocked: Uint8Array;
  readonly keyStart: Int32Array;
  readonly keys: Int32Array;
  readonly ratings: Float64Array;
  readonly ratingCounts: Int32Array;

  constructor(list: readonly Shelved[]) {
    const n = list.length;
    this.ids = new Int32Array(n);
    this.ratings = new Float64Array(n);
    this.ratingCounts = new Int32Array(n);
    this.makers = new Int32Array(n);
    this.prices = new Float64Array(n);
    this.stocked = new Uint8Array(n);
    this.keyStart = new Int32Array(n + 1);
    let keyCount = 0;
    for (const p of list) keyCount += p.keys.length;
    this.keys = new Int32Array(keyCount);
    let at = 0;
    for (let i = 0; i < n; i++) {
      const p = list[i]!;
      this.ids[i] = p.id;
      this.makers[i] = p.maker;
      this.prices[i] = p.price;
      this.stocked[i] = p.inStock ? 1 : 0;
      this.ratings[i] = p.rating;
      this.ratingCounts[i] = p.ratings;
      this.keyStart[i] = at;
      this.keys.set(p.keys, at);
      at += p.keys.length;
    }
    this.keyStart[n] = at;
  }

  /**
   * The shelf's prices in ascending order, and those of its products in stock (`stockedCount`
   * of `#stockedPrices`): a listing without facet choices counts a price range by two binary
   * searches instead of a pass (`Shelves.narrow`). Made when first needed, kept in order as
   * prices and stock change.
   */
  #sortedPrices: Float64Array | undefined;
  #stockedPrices: Float64Array | undefined;
  #stockedCount = 0;

  /** The sorted prices of every product (`inStock` false) or of those in stock, and how many. */
  sortedPrices(inStock: boolean): [Float64Array, number] {
    if (!this.#sortedPrices) {
      this.#sortedPrices = Float64Array.from(this.prices).sort();
      const stocked = new Float64Array(this.prices.length);
      let count = 0;
      for (let i = 0; i < this.prices.length; i++)
        if (this.stocked[i] === 1) stocked[count++] = this.prices[i]!;
      stocked.subarray(0, count).sort();
      this.#stockedPrices = stocked;
      this.#stockedCount = count;
    }
    return inStock ? [this.#stockedPrices!, this.#stockedCount] : [this.#sortedPrices, this.prices.length];
  }

  /** Product `at`'s price, stock and ratings changed (its shelves and keys did not). */
  update(at: number, price: number, inStock: boolean, rating: number, ratings: number): void {
    const sorted = this.#sortedPrices;
    const stocked = this.#stockedPrices;
    if (sorted && stocked) {
      const length = this.prices.length;
      const oldPrice = this.prices[at]!;
      insertSorted(sorted, removeSorted(sorted, length, oldPrice), price);
      let count = this.#stockedCount;
      if (this.stocked[at] === 1) count = removeSorted(stocked, count, oldPrice);
      if (inStock) count = insertSorted(stocked, count, price);
      this.#stockedCount = count;
    }
    this.prices[at] = price;
    this.stocked[at] = inStock ? 1 : 0;
    this.#bits?.setStocked(at, inStock);
    this.ratings[at] = rating;
    this.ratingCounts[at] = ratings;
  }

  /** The shelf's products as bit sets, for `Shelves.narrow`: made when a choice or a count first needs them. */
  #bits: ShelfBits | undefined;

  bits(): ShelfBits {
    if (!this.#bits) this.#bits = new ShelfBits(this);
    return this.#bits;
  }

  /** Where product `id` is on a shelf in id order, or -1. */
  position(id: number): number {
    let low = 0;
    let high = this.ids.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.ids[middle]! < id) low = middle + 1;
      else high = middle;
    }
    return this.ids[low] === id ? low : -1;
  }
}

/**
 * A shelf's products as sets of bits, one bit per product in shelf order (32 to a word): the
 * products holding each facet key, made by each maker, and in stock. A facet count is then the
 * bits two sets share, worked a word at a time, rather than a pass over every product's keys.
 */
class ShelfBits {
  /** Words per set. */
  readonly words: number;
  /** The shelf's own facet keys (ids of `Shelves.keyNames`) and makers (slots), ascending. */
  readonly keys: Int32Array;
  readonly makers: Int32Array;
  /** Per key id and per maker slot, its place in `keys` or `makers`, or -1. */
  readonly #keyAt: Int32Array;
  readonly #makerAt: Int32Array;
  /** The sets of `keys`, then those of `makers`, one after the other (`words` each). */
  readonly #sets: Int32Array;
  readonly stocked: Int32Array;
  /** Every product of the shelf. */
  readonly all: Int32Array;

  constructor(shelf: Shelf) {
    const n = shelf.ids.length;
    const words = (this.words = (n + 31) >>> 5);
    const present = (values: Int32Array) => {
      let most = -1;
      for (let j = 0; j < values.length; j++) most = Math.max(most, values[j]!);
      const at = new Int32Array(most + 1).fill(-1);
      for (let j = 0; j < values.length; j++) at[values[j]!] = 0;
      const list: number[] = [];
      at.forEach((v, id) => v === 0 && (at[id] = list.push(id) - 1));
      return { at, list: Int32Array.from(list) };
    };
    const keys = present(shelf.keys);
    const makers = present(shelf.makers);
    this.keys = keys.list;
    this.makers = makers.list;
    this.#keyAt = keys.at;
    this.#makerAt = makers.at;
    const sets = (this.#sets = new Int32Array((keys.list.length + makers.list.length) * words));
    const makerBase = keys.list.length * words;
    this.stocked = new Int32Array(words);
    this.all = new Int32Array(words);
    for (let i = 0; i < n; i++) {
      const w = i >>> 5;
      const bit = 1 << (i & 31);
      this.all[w]! |= bit;
      if (shelf.stocked[i] === 1) this.stocked[w]! |= bit;
      sets[makerBase + makers.at[shelf.makers[i]!]! * words + w]! |= bit;
      for (let j = shelf.keyStart[i]!; j < shelf.keyStart[i + 1]!; j++)
        sets[keys.at[shelf.keys[j]!]! * words + w]! |= bit;
    }
  }

  /** The products holding key `id`, or null when none on this shelf does. */
  key(id: number): Int32Array | null {
    const at = this.#keyAt[id] ?? -1;
    return at < 0 ? null : this.#sets.subarray(at * this.words, (at + 1) * this.words);
  }

  /** The products of the maker in slot `slot`, or null when none on this shelf is. */
  maker(slot: number): Int32Array | null {
    const at = this.#makerAt[slot] ?? -1;
    const base = this.keys.length + at;
    return at < 0 ? null : this.#sets.subarray(base * this.words, (base + 1) * this.words);
  }

  setStocked(at: number, inStock: boolean): void {
    if (inStock) this.stocked[at >>> 5]! |= 1 << (at & 31);
    else this.stocked[at >>> 5]! &= ~(1 << (at & 31));
  }
}

/** How many bits a word has set. */
function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** How many bits `a` and `b` share. */
function sharedCount(a: Int32Array, b: Int32Array): number {
  let count = 0;
  for (let w = 0; w < a.length; w++) {
    const x = a[w]! & b[w]!;
    if (x !== 0) count += bitCount(x);
  }
  return count;
}

/** `a` and `b`'s shared bits, into a new set. */
function both(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  for (let w = 0; w < a.length; w++) out[w] = a[w]! & b[w]!;
  return out;
}

/** One reading of the catalog's visible products, kept current by `ListingIndex`. */
export class Shelves {
  /** Visible products by ascending id: the catalog's order, as the importer placed them. */
  readonly #products: Shelved[] = [];
  readonly #byId = new Map<number, Shelved>();
  readonly #keyIds = new Map<string, number>();
  readonly keyNames: string[] = [];
  /** Makers by slot, and their slots. */
  readonly #makerIds: number[] = [];
  readonly #makerSlots = new Map<number, number>();
  /** Shelves made so far, by `shelfName`; those a change touches are made again when read. */
  readonly #shelves = new Map<string, Shelf>();
  readonly readAt = Date.now();
  /** What the facet keys, makers and categories are called. */
  readonly names: FacetNames;
  readonly #searchNames: SearchNames;
  /** The search index of these products, made when first searched, dropped when a text changes. */
  #search: SearchIndex | null = null;
  /** The index being made, and the texts' version it is made from. */
  #making: Promise<SearchIndex> | null = null;
  #texts = 0;

  constructor(names: FacetNames, searchNames: SearchNames) {
    this.names = names;
    this.#searchNames = searchNames;
  }

  /**
   * The visible products' search index (search-index.ts), current with these shelves. It is made
   * from a copy of the products taken now; a text that changes meanwhile makes the next search
   * wait for a new one, and prices that change meanwhile are copied in when it is done.
   */
  searchIndex(): Promise<SearchIndex> {
    if (this.#search) return Promise.resolve(this.#search);
    if (!this.#making) {
      const texts = this.#texts;
      const making = SearchIndex.make(
        this.#products.map((p) => ({
          id: p.id,
          doc: p.doc,
          name: p.name,
          company: p.company,
          category: p.category,
          price: p.price,
        })),
        this.#searchNames,
      ).then(
        (index) => {
          if (this.#making === making) this.#making = null;
          if (texts === this.#texts) {
            this.#products.forEach((p, i) => {
              if (index.entries[i]!.price !== p.price) index.priceChanged(i, p.price);
            });
            this.#search = index;
          }
          return index;
        },
        (error: unknown) => {
          if (this.#making === making) this.#making = null;
          throw error;
        },
      );
      this.#making = making;
    }
    return this.#making;
  }

  /** A product's text changed, or a product came or went: the search index is made again. */
  #textsChanged(): void {
    this.#search = null;
    this.#making = null;
    this.#texts++;
  }

  #keyId(key: string): number {
    let id = this.#keyIds.get(key);
    if (id === undefined) {
      id = this.keyNames.length;
      this.#keyIds.set(key, id);
      this.keyNames.push(key);
    }
    return id;
  }

  #makerSlot(companyId: number): number {
    let slot = this.#makerSlots.get(companyId);
    if (slot === undefined) {
      slot = this.#makerIds.length;
      this.#makerSlots.set(companyId, slot);
      this.#makerIds.push(companyId);
    }
    return slot;
  }

  /** The shelves a product of this category and maker is on. */
  #shelvesOf(p: Shelved): string[] {
    return [
      shelfName(undefined, undefined),
      shelfName(p.category, undefined),
      shelfName(undefined, p.company),
      shelfName(p.category, p.company),
    ];
  }

  /**
   * Puts the products' rows in and takes out the ids in `gone`. A product whose shelves and keys
   * are as they were (a price or stock change: most changes) is written into the shelves made
   * already; any other change makes its shelves again when they are next read.
   */
  apply(rows: ShelfRow[], gone: Iterable<number>): void {
    for (const id of gone) {
      const old = this.#byId.get(id);
      if (!old) continue;
      this.#byId.delete(id);
      this.#products.splice(this.#position(id), 1);
      for (const name of this.#shelvesOf(old)) this.#shelves.delete(name);
      this.#textsChanged();
    }
    for (const row of rows) {
      const product: Shelved = {
        id: row.id,
        category: row.category,
        company: row.company,
        maker: this.#makerSlot(row.company),
        price: row.price,
        inStock: row.inStock,
        keys: row.keys.map((k) => this.#keyId(k)),
        doc: row.doc,
        name: row.name,
        rating: row.rating,
        ratings: row.ratings,
        card: row.card,
      };
      const old = this.#byId.get(row.id);
      this.#byId.set(row.id, product);
      if (
        old &&
        old.category === product.category &&
        old.company === product.company &&
        sameKeys(old.keys, product.keys)
      ) {
        const position = this.#position(row.id);
        this.#products[position] = product;
        if (old.doc !== product.doc || old.name !== product.name) this.#textsChanged();
        else if (old.price !== product.price) this.#search?.priceChanged(position, product.price);
        for (const name of this.#shelvesOf(product)) {
          const shelf = this.#shelves.get(name);
          const at = shelf?.position(product.id) ?? -1;
          if (at >= 0) shelf!.update(at, product.price, product.inStock, product.rating, product.ratings);
        }
        continue;
      }
      if (old) {
        this.#products[this.#position(row.id)] = product;
        for (const name of this.#shelvesOf(old)) this.#shelves.delete(name);
      } else if (!this.#products.length || this.#products.at(-1)!.id < row.id) this.#products.push(product);
      else this.#products.splice(this.#position(row.id), 0, product);
      for (const name of this.#shelvesOf(product)) this.#shelves.delete(name);
      this.#textsChanged();
    }
  }

  /** Where `id` is or would be in `#products` (binary search). */
  #position(id: number): number {
    let low = 0;
    let high = this.#products.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#products[middle]!.id < id) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  get size(): number {
    return this.#products.length;
  }

  /** A shown product's approved ratings as last read: their average and count; undefined when unrated. */
  ratingOf(id: number): { average: number; count: number } | undefined {
    const product = this.#byId.get(id);
    return product && product.ratings > 0 ? { average: product.rating, count: product.ratings } : undefined;
  }

  /** The visible products of a category, a maker, both, or the whole catalog, by id. */
  shelf(categoryId: number | undefined, companyId: number | undefined): Shelf {
    const name = shelfName(categoryId, companyId);
    let shelf = this.#shelves.get(name);
    if (!shelf) {
      shelf = new Shelf(
        categoryId === undefined && companyId === undefined
          ? this.#products
          : this.#products.filter(
              (p) =>
                (categoryId === undefined || p.category === categoryId) &&
                (companyId === undefined || p.company === companyId),
            ),
      );
      this.#shelves.set(name, shelf);
    }
    return shelf;
  }

  /** The cards of the visible products of `ids`, in that order (a page of a listing or search). */
  cards(ids: readonly number[]): ShelvedCard[] {
    return ids.flatMap((id) => this.#byId.get(id) ?? []);
  }

  /** The visible products of `ids`, in that order (a search's ranked matches). */
  products(ids: readonly number[]): Shelf {
    return new Shelf(ids.flatMap((id) => this.#byId.get(id) ?? []));
  }

  /**
   * `narrow` without facet choices or counts, the most common listing (a shelf, a price range, a
   * page): the count, the in-stock count and the price range from the shelf's sorted prices, and
   * the page by a walk that stops at its last product. The same answer as the pass.
   */
  #inRange(shelf: Shelf, n: Narrowing): Narrowed {
    const minPrice = n.minPrice ?? -Infinity;
    const maxPrice = n.maxPrice ?? Infinity;
    const within = ([sorted, length]: [Float64Array, number]) =>
      Math.max(0, bound(sorted, length, maxPrice, true) - bound(sorted, length, minPrice, false));
    const stocked = shelf.sortedPrices(true);
    const [sorted, length] = n.inStock ? stocked : shelf.sortedPrices(false);
    const total = within(n.inStock ? stocked : shelf.sortedPrices(false));
    const ids: number[] = [];
    const { ids: productIds, prices, stocked: inStock } = shelf;
    const end = Math.min(total, n.offset + n.limit);
    for (let i = 0, seen = 0; i < productIds.length && seen < end; i++) {
      const price = prices[i]!;
      if (price < minPrice || price > maxPrice || (n.inStock && inStock[i] === 0)) continue;
      if (seen >= n.offset) ids.push(productIds[i]!);
      seen++;
    }
    return {
      total,
      ids,
      counts: new Map(),
      inStock: within(stocked),
      price: length > 0 ? { min: sorted[0]!, max: sorted[length - 1]! } : null,
    };
  }

  /**
   * The products every choice leaves (counted, and the page of them), and the figures of the
   * facets, from the shelf's bit sets (`ShelfBits`): each chosen group is the set of products
   * holding one of its chosen values. A product counts towards a value of a chosen group when it
   * is in every other chosen group's set, the price range and the stock filter; towards any other
   * value when it is in them all. A count is then the bits two sets share, 32 products at a time,
   * instead of a pass over every product's keys.
   */
  narrow(shelf: Shelf, n: Narrowing): Narrowed {
    if (n.facet.length === 0 && !n.counts && n.order !== 'rating') return this.#inRange(shelf, n);
    const bits = shelf.bits();
    const { words } = bits;
    // Per chosen group (by its name), the products holding one of its chosen values.
    const groups = new Map<string, Int32Array>();
    for (const key of n.facet) {
      const group = groupOf(key);
      // A maker is named by its id; any other name is no maker, and narrows nothing.
      if (group === 'b' && !/^[0-9]{1,9}$/.test(key.slice(2))) continue;
      let chosen = groups.get(group);
      if (!chosen) groups.set(group, (chosen = new Int32Array(words)));
      const id = group === 'b' ? this.#makerSlots.get(Number(key.slice(2))) : this.#keyIds.get(key);
      const holding = id === undefined ? null : group === 'b' ? bits.maker(id) : bits.key(id);
      if (holding) for (let w = 0; w < words; w++) chosen[w]! |= holding[w]!;
    }
    const minPrice = n.minPrice ?? -Infinity;
    const maxPrice = n.maxPrice ?? Infinity;
    let inRange = bits.all;
    if (minPrice !== -Infinity || maxPrice !== Infinity) {
      inRange = new Int32Array(words);
      const { prices } = shelf;
      for (let i = 0; i < prices.length; i++) {
        const price = prices[i]!;
        if (!(price < minPrice || price > maxPrice)) inRange[i >>> 5]! |= 1 << (i & 31);
      }
    }
    const filter = n.inStock ? both(inRange, bits.stocked) : inRange;
    const names = [...groups.keys()];
    const sets = [...groups.values()];
    // before[g]: in the price range, the stock filter and the groups before g; `met` every choice.
    const before = [filter];
    for (const set of sets) before.push(both(before.at(-1)!, set));
    const met = before[sets.length]!;
    // Per chosen group, the products meeting every choice but, perhaps, that group's own.
    const allBut = new Map<string, Int32Array>();
    if (n.counts)
      for (let g = sets.length - 1, after: Int32Array | null = null; g >= 0; g--) {
        allBut.set(names[g]!, after ? both(before[g]!, after) : before[g]!);
        after = after ? both(after, sets[g]!) : sets[g]!;
      }

    const total = sharedCount(met, met);
    const { ids: productIds } = shelf;
    let ids: number[];
    if (n.order === 'rating') {
      // By rating, every match is kept and the page is taken once they are ordered.
      const { ratings, ratingCounts } = shelf;
      const matched = positionsOf(met, 0, Infinity);
      matched.sort((a, b) => ratings[b]! - ratings[a]! || ratingCounts[b]! - ratingCounts[a]! || a - b);
      ids = matched.slice(n.offset, n.offset + n.limit).map((i) => productIds[i]!);
    } else ids = positionsOf(met, n.offset, n.limit).map((i) => productIds[i]!);

    // In stock and the price range with every other choice applied: the range without the stock
    // filter, and the stock filter without the range.
    const inStock = n.inStock ? total : sharedCount(met, bits.stocked);
    let price: Narrowed['price'];
    if (sets.length === 0) {
      const [sorted, length] = shelf.sortedPrices(n.inStock);
      price = length > 0 ? { min: sorted[0]!, max: sorted[length - 1]! } : null;
    } else {
      // Without a price range, those are the products every choice leaves.
      let within = met;
      if (inRange !== bits.all) {
        within = n.inStock ? bits.stocked : bits.all;
        for (const set of sets) within = both(within, set);
      }
      let min = Infinity;
      let max = -Infinity;
      const { prices } = shelf;
      for (let w = 0; w < words; w++)
        for (let x = within[w]!; x !== 0;) {
          const lowest = x & -x;
          x ^= lowest;
          const p = prices[(w << 5) + 31 - Math.clz32(lowest)]!;
          if (p < min) min = p;
          if (p > max) max = p;
        }
      price = min <= max ? { min, max } : null;
    }

    const counts = new Map<string, number>();
    if (n.counts) {
      for (let k = 0; k < bits.keys.length; k++) {
        const id = bits.keys[k]!;
        const name = this.keyNames[id]!;
        const count = sharedCount(bits.key(id)!, allBut.get(groupOf(name)) ?? met);
        if (count > 0) counts.set(name, count);
      }
      if (n.makers) {
        const within = allBut.get('b') ?? met;
        for (const slot of bits.makers) {
          const count = sharedCount(bits.maker(slot)!, within);
          if (count > 0) counts.set(`b:${this.#makerIds[slot]}`, count);
        }
      }
    }
    return { total, ids, counts, inStock, price };
  }
}

/** The positions of `set`'s bits in order, from the `offset`-th, at most `limit` of them. */
function positionsOf(set: Int32Array, offset: number, limit: number): number[] {
  const out: number[] = [];
  let seen = 0;
  for (let w = 0; w < set.length && out.length < limit; w++) {
    let x = set[w]!;
    if (x === 0) continue;
    const count = bitCount(x);
    if (seen + count <= offset) {
      seen += count;
      continue;
    }
    while (x !== 0 && out.length < limit) {
      const lowest = x & -x;
      x ^= lowest;
      if (seen++ >= offset) out.push((w << 5) + 31 - Math.clz32(lowest));
    }
  }
  return out;
}

/** The first index of the sorted `a[0..length]` whose value is at least `v` (above `v` with `after`). */
function bound(a: Float64Array, length: number, v: number, after: boolean): number {
  let low = 0;
  let high = length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (a[middle]! < v || (after && a[middle] === v)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Takes one `v` out of the sorted `a[0..length]`; the new length. */
function removeSorted(a: Float64Array, length: number, v: number): number {
  const at = bound(a, length, v, false);
  a.copyWithin(at, at + 1, length);
  return length - 1;
}

/** Puts `v` into the sorted `a[0..length]` (room for one more); the new length. */
function insertSorted(a: Float64Array, length: number, v: number): number {
  const at = bound(a, length, v, true);
  a.copyWithin(at + 1, at, length);
  a[at] = v;
  return length + 1;
}

const shelfName = (categoryId: number | undefined, companyId: number | undefined) =>
  `${categoryId ?? ''}/${companyId ?? ''}`;

const sameKeys = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((k, i) => k === b[i]);

interface ShelfRow {
  id: number;
  category: number;
  company: number;
  price: number;
  inStock: boolean;
  keys: string[];
  doc: string;
  name: string;
  rating: number;
  ratings: number;
  card: Card;
}

/**
 * The texts and colour lists that many products repeat (an image, a description, the same
 * colours), one copy each within a reading: the cards cost a third less memory at 100,000
 * products of the scale catalog.
 */
class Shared {
  readonly #texts = new Map<string, string>();
  readonly #swatches = new Map<string, Swatch[]>();

  text(s: string): string {
    const kept = this.#texts.get(s);
    if (kept !== undefined) return kept;
    this.#texts.set(s, s);
    return s;
  }

  swatches(list: Swatch[]): Swatch[] {
    if (list.length === 0) return noSwatches;
    const key = JSON.stringify(list);
    const kept = this.#swatches.get(key);
    if (kept) return kept;
    this.#swatches.set(key, list);
    return list;
  }
}

const noSwatches: Swatch[] = [];

const shelfRow =
  (ratings: RatingCounts, shared = new Shared()) =>
  (
    r: {
      id: number;
      category: number;
      company: number;
      price: number | null;
      keys: string;
      doc: string;
      name: string | null;
    } & Card,
  ): ShelfRow => {
    const rated = ratings.get(r.id);
    return {
      id: r.id,
      category: r.category,
      company: r.company,
      price: r.price ?? 0,
      inStock: r.stock > 0,
      keys: r.keys === '' ? [] : r.keys.split(' '),
      doc: r.doc,
      name: r.name ?? '',
      rating: rated && rated.count > 0 ? rated.sum / rated.count : 0,
      ratings: rated?.count ?? 0,
      card: {
        nameAr: r.nameAr,
        nameEn: r.nameEn,
        descriptionAr: shared.text(r.descriptionAr),
        descriptionEn: shared.text(r.descriptionEn),
        image: shared.text(r.image),
        priceHalalas: r.priceHalalas,
        offerPriceHalalas: r.offerPriceHalalas,
        stock: r.stock,
        variantCount: r.variantCount,
        fromPriceHalalas: r.fromPriceHalalas,
        swatches: shared.swatches(r.swatches),
      },
    };
  };

const noRatings: RatingsReader = () => Promise.resolve(new Map());

const shelfColumns = {
  id: products.id,
  category: products.categoryId,
  company: products.companyId,
  price: products.effectivePriceHalalas,
  // One string rather than an array: PostgreSQL's array text is slower to parse (keys hold no
  // spaces: FACET_KEY_PATTERN).
  keys: sql<string>`array_to_string(${products.facetKeys}, ' ')`,
  doc: products.searchDoc,
  name: products.searchNorm,
  // The card's fields: in stock is stock > 0.
  ...productSaleColumns,
  variantCount: products.variantCount,
  fromPriceHalalas: products.fromPriceHalalas,
  swatches: products.swatches,
};

/**
 * What catalog changes have left out of date in a copy of the products: the products they name
 * (`ids`), or every one (`whole`, after a change that may touch any product).
 */
export class ProductChanges {
  whole: boolean;
  readonly ids = new Set<number>();

  constructor(whole: boolean) {
    this.whole = whole;
  }

  /** Notes a change from the bus; a change of another topic leaves products as they are. */
  note(event: ChangeEvent): void {
    if (event.topic !== 'catalog') return;
    if (event.productIds) for (const id of event.productIds) this.ids.add(id);
    else this.whole = true;
  }

  get pending(): boolean {
    return this.whole || this.ids.size > 0;
  }

  /**
   * What is out of date, forgotten here: the caller reads it now, and gives it back (`restore`)
   * if the reading fails. The named products matter only when not every product is out of date.
   */
  take(): TakenChanges {
    const taken = { whole: this.whole, ids: this.whole ? [] : [...this.ids] };
    this.whole = false;
    this.ids.clear();
    return taken;
  }

  /** Notes again what `take` gave, or what a reading alongside noted (its reading failed or was replaced). */
  restore(taken: { whole: boolean; ids: Iterable<number> }): void {
    if (taken.whole) this.whole = true;
    for (const id of taken.ids) this.ids.add(id);
  }
}

export interface TakenChanges {
  /** Every product is to be read again. */
  whole: boolean;
  /** Else, the products to read again. */
  ids: number[];
}

/**
 * Every row `page` gives, READ_AT_ONCE at a time along the products' key: each statement stays
 * well within the statement timeout on a busy server, and the rows' texts (the search's) never
 * make one answer of tens of megabytes. `page(after, limit)` answers the next `limit` rows
 * after id `after`, by id.
 */
export async function readByIdInPages<T extends { id: number }>(
  page: (after: number, limit: number) => Promise<T[]>,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const batch = await page(rows.at(-1)?.id ?? 0, READ_AT_ONCE);
    rows.push(...batch);
    if (batch.length < READ_AT_ONCE) return rows;
  }
}

/**
 * The shop's copy of its shelves: `ready()` answers it current as of the last change published.
 * One per process; `changed` is to be called with every catalog change (from the change bus).
 */
export class ListingIndex {
  readonly #db: Db;
  #shelves: Shelves | null = null;
  /**
   * Products named by changes since they were last read, or a change that may touch any product
   * (`whole`): the next read waits for a whole new copy.
   */
  readonly #changes = new ProductChanges(true);
  #refreshing: Promise<void> | null = null;
  /** The background reading of a whole copy (the safety net), when one runs. */
  #renewing: ProductChanges | null = null;

  readonly #ratings: RatingsReader;

  constructor(db: Db, ratings: RatingsReader = noRatings) {
    this.#db = db;
    this.#ratings = ratings;
  }

  changed(event: ChangeEvent): void {
    this.#changes.note(event);
    this.#renewing?.note(event);
  }

  /** The shelves as of every change published so far. */
  async ready(): Promise<Shelves> {
    while (this.#changes.pending || this.#refreshing) {
      this.#refreshing ??= this.#refresh().finally(() => (this.#refreshing = null));
      await this.#refreshing;
    }
    const shelves = this.#shelves!;
    if (Date.now() - shelves.readAt > REFRESH_AFTER_MS && !this.#renewing) void this.#renew();
    return shelves;
  }

  async #refresh(): Promise<void> {
    const taken = this.#changes.take();
    try {
      if (taken.whole) {
        this.#shelves = await this.#readAll();
        return;
      }
      const { ids } = taken;
      const [rows, ratings] = await Promise.all([
        this.#db
          .select({ ...shelfColumns, hidden: products.hidden })
          .from(products)
          .where(inArray(products.id, ids))
          .orderBy(products.id),
        this.#ratings(this.#db, ids),
      ]);
      const visible = rows.filter((r) => !r.hidden).map(shelfRow(ratings));
      const shown = new Set(visible.map((r) => r.id));
      await this.#shelves!.names.refresh(
        this.#db,
        visible.flatMap((r) => r.keys),
      );
      this.#shelves!.apply(
        visible,
        ids.filter((id) => !shown.has(id)),
      );
    } catch (error) {
      this.#changes.restore(taken);
      throw error;
    }
  }

  async #readAll(): Promise<Shelves> {
    const [rows, names, searchNames, ratings] = await Promise.all([
      this.#readVisible(),
      FacetNames.read(this.#db),
      readSearchNames(this.#db),
      this.#ratings(this.#db),
    ]);
    const shelves = new Shelves(names, searchNames);
    shelves.apply(rows.map(shelfRow(ratings)), []);
    return shelves;
  }

  /** Every visible product's row, by id. */
  #readVisible() {
    return readByIdInPages((after, limit) =>
      this.#db
        .select(shelfColumns)
        .from(products)
        .where(and(not(products.hidden), gt(products.id, after)))
        .orderBy(products.id)
        .limit(limit),
    );
  }

  /**
   * Reads a whole new copy while the current one answers; products changed meanwhile are read
   * again into the new copy before it answers, and a change that may touch any product makes
   * the next read wait for a whole copy anyway.
   */
  async #renew(): Promise<void> {
    const renewing = new ProductChanges(false);
    this.#renewing = renewing;
    try {
      const shelves = await this.#readAll();
      if (renewing.whole || this.#changes.whole) return;
      this.#shelves = shelves;
      this.#changes.restore(renewing);
    } catch {
      // The current copy keeps answering; the next read past the age tries again.
    } finally {
      this.#renewing = null;
    }
  }
}

/** What search needs of the makers, categories and synonym groups, normalized. */
export async function readSearchNames(db: Db): Promise<SearchNames> {
  const [makers, shelvesOf, synonyms] = await Promise.all([
    db.select({ id: companies.id, norm: companies.searchNorm }).from(companies),
    db
      .select({
        id: categories.id,
        norm: sql<string>`ar_norm(${categories.nameAr} || ' ' || ${categories.nameEn})`,
      })
      .from(categories),
    db.select({ group: searchSynonyms.groupId, norm: searchSynonyms.norm }).from(searchSynonyms),
  ]);
  const groups = new Map<number, string[]>();
  for (const s of synonyms) groups.set(s.group, [...(groups.get(s.group) ?? []), s.norm ?? '']);
  return {
    companies: new Map(makers.map((m) => [m.id, m.norm ?? ''])),
    categories: new Map(shelvesOf.map((c) => [c.id, c.norm])),
    synonymGroups: [...groups.values()],
  };
}
