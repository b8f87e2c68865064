/*
 * Search in memory (docs/decisions/200-search-in-memory.md, 231-staff-search-in-memory.md).
 * Every process keeps, beside its shelves, the visible products' search texts cut into words (and
 * every product's, hidden ones too, once staff search: staff-search.ts): the catalog's
 * vocabulary (each distinct word, with the products holding it and its trigrams) and each
 * product's own name. A query word is resolved against the vocabulary (is it inside some word,
 * which words are one or two letters away) and its products are the union of those words'
 * postings, so a search the read cache has never seen costs a fraction of a millisecond of
 * arithmetic instead of trigram index scans over every product row.
 *
 * The texts are those the database keeps (`search_doc`, `search_norm`, normalized by the SQL
 * function ar_norm()); the ranking is decision 010's, computed here with the same trigram word
 * similarity PostgreSQL's pg_trgm defines (`wordSimilarity`), so the order is the one the SQL
 * search gave.
 */

/** Letters that ar_norm() folds: alef forms to bare alef, alef maqsura to yeh, teh marbuta to heh, both digit sets to ASCII. */
const FOLD: Record<string, string> = {
  '\u0623': '\u0627',
  '\u0625': '\u0627',
  '\u0622': '\u0627',
  '\u0671': '\u0627',
  '\u0649': '\u064A',
  '\u0629': '\u0647',
};
for (let d = 0; d < 10; d++) {
  FOLD[String.fromCharCode(0x0660 + d)] = String(d);
  FOLD[String.fromCharCode(0x06f0 + d)] = String(d);
}
/** Marks ar_norm() removes: harakat, tanween, shadda, sukun, maddah and hamza above and below, superscript alef, tatweel. */
const DROPPED = /[\u064B-\u065F\u0670\u0640]/g;
const FOLDED = /[\u0623\u0625\u0622\u0671\u0649\u0629\u0660-\u0669\u06F0-\u06F9]/g;

/** The SQL function ar_norm() of the first migration, in JavaScript: the same text in, the same text out. */
export function arNorm(text: string): string {
  return text
    .toLowerCase()
    .replace(DROPPED, '')
    .replace(FOLDED, (c) => FOLD[c]!);
}

/** pg_trgm's words: runs of letters and digits. */
const WORD = /[\p{L}\p{N}]+/gu;
const ONE_WORD = /^[\p{L}\p{N}]+$/u;

/**
 * pg_trgm's trigrams of a text, in order: each word padded with two spaces before and one after,
 * every three consecutive characters.
 */
export function trigramsOf(text: string): string[] {
  const out: string[] = [];
  for (const word of text.match(WORD) ?? []) {
    const c = [...`  ${word} `];
    for (let i = 0; i + 2 < c.length; i++) out.push(c[i]! + c[i + 1]! + c[i + 2]!);
  }
  return out;
}

/** Whether each UTF-16 unit is a letter or digit (pg_trgm's word characters), found once. */
const wordUnit = new Int8Array(65536);

function isWordUnit(c: number): boolean {
  let known = wordUnit[c]!;
  if (known === 0) wordUnit[c] = known = /[\p{L}\p{N}]/u.test(String.fromCharCode(c)) ? 1 : -1;
  return known === 1;
}

/**
 * Whether `text` holds `s` with no letter or digit on either side of it. Every word of `s` is
 * then a whole word of `text`, and they follow each other there, so every trigram of `s` is in
 * one run of the text's trigrams: `word_similarity(s, text)` is 1, its greatest value, with no
 * trigram counted.
 */
export function holdsWhole(text: string, s: string): boolean {
  let words = false;
  for (let i = 0; i < s.length && !words; i++) words = isWordUnit(s.charCodeAt(i));
  if (!words) return false;
  const opens = isWordUnit(s.charCodeAt(0));
  const closes = isWordUnit(s.charCodeAt(s.length - 1));
  for (let at = text.indexOf(s); at >= 0; at = text.indexOf(s, at + 1)) {
    const end = at + s.length;
    if (opens && at > 0 && isWordUnit(text.charCodeAt(at - 1))) continue;
    if (closes && end < text.length && isWordUnit(text.charCodeAt(end))) continue;
    return true;
  }
  return false;
}

/**
 * Each UTF-16 unit met in a trigram gets a small number (space first), so that a trigram is one
 * small integer (`trigramCodes`), which V8 keeps unboxed: three numbers below SYMBOLS. A shop
 * writes in a few alphabets; past SYMBOLS - 1 different units, the rest share the last number,
 * as pg_trgm itself lets trigrams of multibyte characters share a hash.
 */
const SYMBOLS = 1024;
const symbolOf = new Uint16Array(65536);
let symbols = 1;
symbolOf[32] = 0;
const symbol = (c: number) => {
  let n = symbolOf[c]!;
  if (n === 0 && c !== 32) symbolOf[c] = n = Math.min(symbols++, SYMBOLS - 1);
  return n;
};

/**
 * The same trigrams as `trigramsOf`, each as one number, for the ranking's hot loop. Product
 * names are in the Basic Multilingual Plane, where a UTF-16 unit is a character.
 */
export function trigramCodes(text: string): number[] {
  const out: number[] = [];
  let a = 0;
  let b = 0;
  let inWord = false;
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 32;
    if (i < text.length && isWordUnit(c)) {
      const n = symbol(c);
      out.push((a * SYMBOLS + b) * SYMBOLS + n);
      a = b;
      b = n;
      inWord = true;
    } else if (inWord) {
      out.push((a * SYMBOLS + b) * SYMBOLS);
      a = 0;
      b = 0;
      inWord = false;
    }
  }
  return out;
}

/** Trigram similarity (pg_trgm's `similarity`): shared distinct trigrams over all distinct trigrams. */
export function similarity(a: string, b: string): number {
  const ta = new Set(trigramsOf(a));
  const tb = new Set(trigramsOf(b));
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return Math.fround(shared / (ta.size + tb.size - shared));
}

/**
 * pg_trgm's `word_similarity(word, text)`: the greatest similarity between the word's trigrams
 * and those of any run of consecutive trigrams of the text. The run ends at each trigram of the
 * text that the word has, and its start is moved forward while that raises the similarity.
 * `text` holds trigram ids; `wanted[id]` is 1 for the word's own trigrams, `distinct` their
 * number; `last` is scratch space of -1s, as long as the ids go, and is left so.
 */
function runSimilarity(
  text: Int32Array,
  from: number,
  to: number,
  wanted: Uint8Array,
  distinct: number,
  last: Int32Array,
): number {
  let inRun = 0;
  let shared = 0;
  let start = -1;
  let best = 0;
  // `last` is set only from the run's first start up to where the loop stops: only that is cleared.
  let first = to;
  let end = to;
  for (let i = from; i < to; i++) {
    const t = text[i]!;
    const isWanted = wanted[t] === 1;
    if (start >= 0 || isWanted) {
      if (last[t]! < 0) {
        inRun++;
        if (isWanted) shared++;
      }
      last[t] = i;
    }
    if (!isWanted) continue;
    if (start === -1) {
      start = first = i;
      inRun = 1;
    }
    let current = Math.fround(shared / (distinct + inRun - shared));
    let s = shared;
    let r = inRun;
    const previousStart = start;
    for (let from = start; from <= i; from++) {
      // A run is never more similar than its shared trigrams over the word's (it holds at least
      // those), and starting it later only loses shared ones: nothing later can beat `current`.
      if (Math.fround(s / distinct) <= current) break;
      const moved = Math.fround(s / (distinct + r - s));
      if (moved > current) {
        current = moved;
        inRun = r;
        start = from;
        shared = s;
      }
      const u = text[from]!;
      if (last[u] === from) {
        r--;
        if (wanted[u] === 1) s--;
      }
    }
    if (current > best) best = current;
    // 1 is the most there is; `last` is cleared below.
    if (best === 1) {
      end = i + 1;
      break;
    }
    for (let from = previousStart; from < start; from++) {
      const u = text[from]!;
      if (last[u] === from) last[u] = -1;
    }
  }
  for (let i = first; i < end; i++) last[text[i]!] = -1;
  return best;
}

/** One product as search reads it. */
export interface SearchEntry {
  id: number;
  /** Its search text (`search_doc`): a space, then its, its maker's and its category's names and its specifications, normalized. */
  doc: string;
  /** Its own names in both languages, normalized (`search_norm`). */
  name: string;
  company: number;
  category: number;
  /** Effective price, halalas. */
  price: number;
}

/** What the makers and categories are called, normalized, and the synonym groups' words. */
export interface SearchNames {
  companies: Map<number, string>;
  categories: Map<number, string>;
  /** Each group's normalized words. */
  synonymGroups: string[][];
}

/** One way a query word may appear in a product's text. */
export interface IndexSpelling {
  text: string;
  /** It must begin a word. */
  start: boolean;
}

/**
 * A set of product positions as bits, 32 to a number: a word's matches are the union of its
 * terms' sets and a query's the intersection of its words', each a pass over N/32 numbers.
 */
export type PositionSet = Uint32Array;

export const hasPosition = (set: PositionSet, p: number) => (set[p >>> 5]! & (1 << (p & 31))) !== 0;

/** Block `k` of the union of `sets`: the positions k * 32 to k * 32 + 31 in any of them. */
export function anyIn(sets: readonly PositionSet[], k: number): number {
  let bits = 0;
  for (let i = 0; i < sets.length; i++) bits |= sets[i]![k]!;
  return bits;
}

function addPositions(set: PositionSet, positions: Int32Array): void {
  for (let i = 0; i < positions.length; i++) {
    const p = positions[i]!;
    set[p >>> 5] = set[p >>> 5]! | (1 << (p & 31));
  }
}

/**
 * A term held by at least one product in DENSE_SHARE keeps its set of positions ready as bits:
 * adding it to a word's set is then N/32 steps instead of one per product. The bits of all such
 * terms take at most eight bytes per posting.
 */
const DENSE_SHARE = 1 / 64;

/** Products handled between two turns of the event loop while an index is made. */
const CHUNK = 2_000;

/** Calls `each` for 0..count-1, yielding to the event loop every CHUNK calls. */
async function inChunks(count: number, each: (i: number) => void): Promise<void> {
  for (let start = 0; start < count; start += CHUNK) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    const end = Math.min(count, start + CHUNK);
    for (let i = start; i < end; i++) each(i);
  }
}

/** Two terms' numbers as one: exact below 2^26 terms. */
const pairKey = (first: number, second: number) => first * 2 ** 26 + second;

/** Rankings kept per index (`remember`). */
const RANKINGS_KEPT = 1_000;

/**
 * Spellings' sets of products kept per index (`#spellingSet`), the least recently used let go
 * first: shoppers' queries are made of the catalog's words, so the same spellings come back in
 * query after query. N/8 bytes each (12.5 kB at 100,000 products).
 */
const SPELLINGS_KEPT = 512;
/** Whether phrases are held (`phraseHeld`), kept per index. */
const PHRASES_KEPT = 10_000;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The vocabulary and postings of a set of products (the shelves' visible ones, or every one for
 * staff), made once from a reading of them and replaced when a product's text changes. Prices
 * are read through `priceOf`, which the shelves keep current.
 */
export class SearchIndex {
  readonly entries: SearchEntry[];
  readonly names: SearchNames;
  /** Distinct words of the texts, sorted (prefix ranges by binary search). */
  readonly #terms: string[];
  /** Per term, the positions (in `entries`) of the products holding it, ascending. */
  readonly #postings: Int32Array[];
  /** Per trigram of the padded terms, the terms holding it. */
  readonly #termsByTrigram = new Map<string, Int32Array>();
  /** Per term, its number of distinct padded trigrams. */
  readonly #termTrigramCount: Int32Array;
  readonly #termIds = new Map<string, number>();
  /** Trigram ids for the ranking's word similarity, and its scratch arrays. */
  readonly #trigramIds = new Map<number, number>();
  #last = new Int32Array(0);
  #wanted = new Uint8Array(0);
  readonly #synonymsOf = new Map<string, string[]>();
  readonly #rankings = new Map<string, Promise<unknown>>();
  readonly #spellingSets = new Map<string, PositionSet>();
  readonly #phrasesHeld = new Map<string, boolean>();
  /** Per term held by many products, its positions as bits (`DENSE_SHARE`). */
  readonly #dense: (PositionSet | undefined)[];
  /** The trigram ids of every product's own names: product p's are trigrams[starts[p]..starts[p + 1]]. */
  #names: { trigrams: Int32Array; starts: Int32Array } = {
    trigrams: new Int32Array(0),
    starts: new Int32Array(1),
  };
  readonly #companyTrigrams = new Map<number, Int32Array>();
  readonly #categoryTrigrams = new Map<number, Int32Array>();
  /** Every two terms that follow each other in some product's text (`pairKey` of their `#metAt`). */
  readonly #pairs: Set<number>;
  /** Per term, its number in `#pairs`: the order the index's making met the terms in. */
  readonly #metAt: Int32Array;

  /**
   * Makes the index of `entries`, giving the event loop a turn every CHUNK products: at 100,000
   * products the making takes about a second of work, which must not stop every other request.
   */
  static async make(entries: SearchEntry[], names: SearchNames): Promise<SearchIndex> {
    // Each term numbered as first met (`at`), with its products; the pairs of terms that follow
    // each other, one space apart, by those numbers.
    const byTerm = new Map<string, { at: number; list: number[] }>();
    const pairs = new Set<number>();
    await inChunks(entries.length, (position) => {
      let previous = -1;
      for (const w of entries[position]!.doc.split(' ')) {
        if (w === '') {
          previous = -1;
          continue;
        }
        let term = byTerm.get(w);
        if (!term) byTerm.set(w, (term = { at: byTerm.size, list: [] }));
        if (term.list[term.list.length - 1] !== position) term.list.push(position);
        if (previous >= 0) pairs.add(pairKey(previous, term.at));
        previous = term.at;
      }
    });
    const index = new SearchIndex(entries, names, byTerm, pairs);
    index.#names = await index.#namesTrigrams();
    return index;
  }

  private constructor(
    entries: SearchEntry[],
    names: SearchNames,
    byTerm: Map<string, { at: number; list: number[] }>,
    pairs: Set<number>,
  ) {
    this.entries = entries;
    this.names = names;
    this.#terms = [...byTerm.keys()].sort(cmp);
    this.#metAt = Int32Array.from(this.#terms, (t) => byTerm.get(t)!.at);
    this.#pairs = pairs;
    this.#postings = this.#terms.map((t) => Int32Array.from(byTerm.get(t)!.list));
    this.#dense = this.#postings.map((list) => {
      if (list.length < entries.length * DENSE_SHARE) return undefined;
      const set = this.emptySet();
      addPositions(set, list);
      return set;
    });
    this.#termTrigramCount = new Int32Array(this.#terms.length);
    const byTrigram = new Map<string, number[]>();
    this.#terms.forEach((term, id) => {
      this.#termIds.set(term, id);
      const own = new Set(trigramsOf(term));
      this.#termTrigramCount[id] = own.size;
      for (const t of own) {
        let list = byTrigram.get(t);
        if (!list) byTrigram.set(t, (list = []));
        list.push(id);
      }
    });
    for (const [t, list] of byTrigram) this.#termsByTrigram.set(t, Int32Array.from(list));
    for (const group of names.synonymGroups)
      for (const word of group) {
        const others = this.#synonymsOf.get(word) ?? [];
        for (const other of group) if (other !== word && !others.includes(other)) others.push(other);
        this.#synonymsOf.set(word, others);
      }
  }

  get termCount(): number {
    return this.#terms.length;
  }

  /** Whether `w` is a word of some product's text. */
  isTerm(w: string): boolean {
    return this.#termIds.has(w);
  }

  /** The ids of the terms that begin with `prefix`. */
  #startingWith(prefix: string): [number, number] {
    let low = 0;
    let high = this.#terms.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.#terms[middle]! < prefix) low = middle + 1;
      else high = middle;
    }
    let end = low;
    while (end < this.#terms.length && this.#terms[end]!.startsWith(prefix)) end++;
    return [low, end];
  }

  /** The ids of the terms that contain `w`. */
  #containing(w: string): number[] {
    const inner: string[] = [];
    const c = [...w];
    for (let i = 0; i + 2 < c.length; i++) inner.push(c[i]! + c[i + 1]! + c[i + 2]!);
    if (inner.length === 0 || !ONE_WORD.test(w)) {
      // Too short, or with a sign pg_trgm cuts words at, for trigrams to narrow: every term is
      // looked at.
      const out: number[] = [];
      this.#terms.forEach((t, id) => t.includes(w) && out.push(id));
      return out;
    }
    // Any three letters in a row of `w` are a trigram of a term holding it.
    let smallest: Int32Array | undefined;
    for (const t of inner) {
      const list = this.#termsByTrigram.get(t);
      if (!list) return [];
      if (!smallest || list.length < smallest.length) smallest = list;
    }
    return [...smallest!].filter((id) => this.#terms[id]!.includes(w));
  }

  /** Whether some term contains `w`. */
  holds(w: string): boolean {
    return this.#containing(w).length > 0;
  }

  /** Whether some term begins with `w`. */
  begins(w: string): boolean {
    const [from, to] = this.#startingWith(w);
    return to > from;
  }

  /**
   * Terms whose trigram similarity to `w` reaches `threshold`, most similar first, at most
   * `limit`: the candidates for a typo's correction.
   */
  near(w: string, threshold: number, limit: number): string[] {
    const own = new Set(trigramsOf(w));
    if (own.size === 0) return [];
    const shared = new Map<number, number>();
    for (const t of own)
      for (const id of this.#termsByTrigram.get(t) ?? []) shared.set(id, (shared.get(id) ?? 0) + 1);
    const found: { id: number; s: number }[] = [];
    for (const [id, n] of shared) {
      const s = Math.fround(n / (own.size + this.#termTrigramCount[id]! - n));
      if (s >= threshold) found.push({ id, s });
    }
    found.sort((a, b) => b.s - a.s || cmp(this.#terms[a.id]!, this.#terms[b.id]!));
    return found.slice(0, limit).map((f) => this.#terms[f.id]!);
  }

  /** Whether some product's text holds the phrase (words separated by a space) at a word's start. */
  phraseHeld(phrase: string): boolean {
    const kept = this.#spellingSets.get(`s ${phrase}`);
    if (kept) return kept.some((n) => n !== 0);
    const parts = phrase.split(' ');
    if (parts.length === 2 && parts[0] !== '' && parts[1] !== '') {
      // Two words: the first a whole term, followed by a term the second begins. The pairs
      // answer it without reading a text, as a shopper's every new typo is split this way.
      const first = this.#termIds.get(parts[0]!);
      if (first === undefined) return false;
      const [from, to] = this.#startingWith(parts[1]!);
      for (let id = from; id < to; id++)
        if (this.#pairs.has(pairKey(this.#metAt[first]!, this.#metAt[id]!))) return true;
      return false;
    }
    let held = this.#phrasesHeld.get(phrase);
    if (held !== undefined) {
      this.#phrasesHeld.delete(phrase);
      this.#phrasesHeld.set(phrase, held);
    } else {
      const set = this.emptySet();
      // A phrase stops at the first product holding it; a word's set is made whole.
      held = this.#add(phrase, true, set, true) || set.some((n) => n !== 0);
      this.#phrasesHeld.set(phrase, held);
      if (this.#phrasesHeld.size > PHRASES_KEPT)
        this.#phrasesHeld.delete(this.#phrasesHeld.keys().next().value!);
    }
    return held;
  }

  /**
   * The products whose text holds the spelling (`#add`), or with `near` a word near `text`
   * (`#nearTerms`), kept: the oldest beyond SPELLINGS_KEPT goes first. Never changed once made:
   * the sets are of positions, and a product that comes, goes or changes its text makes a new index.
   */
  #spellingSet(text: string, start: boolean, near?: number): PositionSet {
    const key = `${near === undefined ? (start ? 's' : 'c') : `n${near}`} ${text}`;
    let set = this.#spellingSets.get(key);
    if (set) {
      // Used again: moved to the end, so that the spellings queries keep using are not let go.
      this.#spellingSets.delete(key);
      this.#spellingSets.set(key, set);
      return set;
    }
    set = this.emptySet();
    if (near === undefined) this.#add(text, start, set);
    else for (const id of this.#nearTerms(text, near)) this.#addTerm(id, set);
    this.#spellingSets.set(key, set);
    if (this.#spellingSets.size > SPELLINGS_KEPT)
      this.#spellingSets.delete(this.#spellingSets.keys().next().value!);
    return set;
  }

  /** How many numbers a set of positions has. */
  get blocks(): number {
    return (this.entries.length + 31) >>> 5;
  }

  emptySet(): PositionSet {
    return new Uint32Array(this.blocks);
  }

  /** Term `id`'s products added to `set`. */
  #addTerm(id: number, set: PositionSet): void {
    const dense = this.#dense[id];
    if (!dense) return addPositions(set, this.#postings[id]!);
    for (let k = 0; k < set.length; k++) set[k] = set[k]! | dense[k]!;
  }

  /** The other words of every synonym group holding `key`, each with whether every word of it begins a term. */
  synonymsOf(key: string): { text: string; held: boolean }[] {
    return (this.#synonymsOf.get(key) ?? []).map((text) => ({
      text,
      held: text.split(/\s+/).every((x) => this.begins(x)),
    }));
  }

  /**
   * Adds to `set` the position of every product whose text holds the spelling; with `first`, of
   * the first product of a phrase found (`phraseHeld`). Whether it added any phrase's product.
   */
  #add(text: string, start: boolean, set: PositionSet, first = false): boolean {
    const parts = text.split(' ').filter(Boolean);
    if (parts.length === 0) return false;
    if (parts.length === 1) {
      const w = parts[0]!;
      if (start) {
        const [from, to] = this.#startingWith(w);
        for (let id = from; id < to; id++) this.#addTerm(id, set);
      } else for (const id of this.#containing(w)) this.#addTerm(id, set);
      return false;
    }
    // A phrase: the products holding its rarest part, then the phrase itself in their text.
    let rarest: number[] | undefined;
    let size = Infinity;
    parts.forEach((w, i) => {
      const ids =
        i === 0 && !start
          ? this.#terms.flatMap((t, id) => (t.endsWith(w) ? [id] : []))
          : i === parts.length - 1
            ? (() => {
                const [from, to] = this.#startingWith(w);
                return Array.from({ length: to - from }, (_, k) => from + k);
              })()
            : this.#termIds.has(w)
              ? [this.#termIds.get(w)!]
              : [];
      const n = ids.reduce((sum, id) => sum + this.#postings[id]!.length, 0);
      if (n < size) {
        size = n;
        rarest = ids;
      }
    });
    const needle = start ? ` ${text}` : text;
    const seen = this.emptySet();
    let added = false;
    for (const id of rarest ?? [])
      for (const p of this.#postings[id]!) {
        const bit = 1 << (p & 31);
        if ((seen[p >>> 5]! & bit) !== 0) continue;
        seen[p >>> 5] = seen[p >>> 5]! | bit;
        if (!this.entries[p]!.doc.includes(needle)) continue;
        set[p >>> 5] = set[p >>> 5]! | bit;
        if (first) return true;
        added = true;
      }
    return added;
  }

  /**
   * Per word, the sets of the products whose text holds each of its spellings and, with
   * `nearWord`, a word near it: a catalog word whose `word_similarity` with it reaches
   * `threshold` (as `word <% search_doc` finds, within one word of the text). A word's products
   * are the union of its sets; they are not put together into one here, since a query's scan
   * reads most of their blocks for one word only (`anyIn`). The sets are the index's own: read
   * them, never change them.
   */
  matches(
    words: { spellings: IndexSpelling[]; nearWord?: string | undefined }[],
    threshold: number,
  ): PositionSet[][] {
    return words.map(({ spellings, nearWord }) => {
      const sets = spellings.map((sp) => this.#spellingSet(sp.text, sp.start));
      if (nearWord !== undefined) sets.push(this.#spellingSet(nearWord, false, threshold));
      return sets;
    });
  }

  /** The terms sharing a trigram with `w` whose word similarity with it reaches `threshold`. */
  #nearTerms(w: string, threshold: number): number[] {
    const ids = new Set<number>();
    for (const t of new Set(trigramsOf(w))) for (const id of this.#termsByTrigram.get(t) ?? []) ids.add(id);
    const list = [...ids];
    const texts = list.map((id) => this.#trigramIdsOf(this.#terms[id]!));
    const found = this.similarities(w, texts);
    return list.filter((_, i) => found[i]! >= threshold);
  }

  /**
   * Every name's trigram ids, put together from those of its words (made once per word:
   * trigrams never cross a space, and names share most of their words).
   */
  async #namesTrigrams(): Promise<{ trigrams: Int32Array; starts: Int32Array }> {
    const ofWord = new Map<string, Int32Array>();
    const names: Int32Array[][] = [];
    await inChunks(this.entries.length, (p) => {
      names.push(
        this.entries[p]!.name.split(' ').map((w) => {
          let t = ofWord.get(w);
          if (!t) ofWord.set(w, (t = this.#trigramIdsOf(w)));
          return t;
        }),
      );
    });
    const starts = new Int32Array(names.length + 1);
    names.forEach((parts, p) => (starts[p + 1] = starts[p]! + parts.reduce((n, t) => n + t.length, 0)));
    const trigrams = new Int32Array(starts[names.length]!);
    names.forEach((parts, p) => {
      let at = starts[p]!;
      for (const t of parts) {
        trigrams.set(t, at);
        at += t.length;
      }
    });
    return { trigrams, starts };
  }

  /** `word_similarity(word, name)` for the products at `positions`. */
  nameSimilarities(word: string, positions: readonly number[]): Float64Array {
    const { own, distinct } = this.#queryTrigrams(word);
    const out = new Float64Array(positions.length);
    if (distinct === 0) return out;
    const wanted = this.#wanted;
    for (const t of own) wanted[t] = 1;
    const { trigrams, starts } = this.#names;
    positions.forEach((p, i) => {
      out[i] = runSimilarity(trigrams, starts[p]!, starts[p + 1]!, wanted, distinct, this.#last);
    });
    for (const t of own) wanted[t] = 0;
    return out;
  }

  /** The trigram ids of a text, new trigrams numbered as they come. */
  #trigramIdsOf(text: string): Int32Array {
    const codes = trigramCodes(text);
    const out = new Int32Array(codes.length);
    for (let i = 0; i < codes.length; i++) {
      let id = this.#trigramIds.get(codes[i]!);
      if (id === undefined) {
        id = this.#trigramIds.size;
        this.#trigramIds.set(codes[i]!, id);
      }
      out[i] = id;
    }
    if (this.#last.length < this.#trigramIds.size) {
      const size = Math.max(1024, this.#trigramIds.size * 2);
      this.#last = new Int32Array(size).fill(-1);
      this.#wanted = new Uint8Array(size);
    }
    return out;
  }

  /**
   * A query word's trigrams that the catalog's texts have (their ids), and how many distinct
   * trigrams it has in all. Its other trigrams can be in no text, so they get no id: the ids
   * grow with the catalog, never with what shoppers type.
   */
  #queryTrigrams(word: string): { own: number[]; distinct: number } {
    const codes = trigramCodes(word);
    const own: number[] = [];
    for (const code of codes) {
      const id = this.#trigramIds.get(code);
      if (id !== undefined) own.push(id);
    }
    return { own, distinct: new Set(codes).size };
  }

  /** `word_similarity(word, text)` for each of `texts` (trigram ids), the word's trigrams marked once. */
  similarities(word: string, texts: readonly Int32Array[]): Float64Array {
    const { own, distinct } = this.#queryTrigrams(word);
    const out = new Float64Array(texts.length);
    if (distinct === 0) return out;
    const wanted = this.#wanted;
    for (const t of own) wanted[t] = 1;
    for (let i = 0; i < texts.length; i++)
      out[i] = runSimilarity(texts[i]!, 0, texts[i]!.length, wanted, distinct, this.#last);
    for (const t of own) wanted[t] = 0;
    return out;
  }

  /** The trigram ids of a maker's or a category's names. */
  companyTrigrams(id: number): Int32Array {
    return this.#memoTrigrams(this.#companyTrigrams, id, this.names.companies);
  }

  categoryTrigrams(id: number): Int32Array {
    return this.#memoTrigrams(this.#categoryTrigrams, id, this.names.categories);
  }

  #memoTrigrams(kept: Map<number, Int32Array>, id: number, names: Map<number, string>): Int32Array {
    let t = kept.get(id);
    if (!t) kept.set(id, (t = this.#trigramIdsOf(names.get(id) ?? '')));
    return t;
  }

  /**
   * A query's ranking, kept while this index stands: the pages of one query, and its facet
   * choices, rank once. Forgotten when a price changes (a price range filters the ranking); the
   * oldest goes first beyond RANKINGS_KEPT.
   */
  remember<T>(key: string, rank: () => Promise<T>): Promise<T> {
    let kept = this.#rankings.get(key) as Promise<T> | undefined;
    if (kept) return kept;
    kept = rank();
    this.#rankings.set(key, kept);
    kept.catch(() => this.#rankings.delete(key));
    if (this.#rankings.size > RANKINGS_KEPT) this.#rankings.delete(this.#rankings.keys().next().value!);
    return kept;
  }

  /** A product's price changed: its entry takes the new one, and rankings filtered by price go. */
  priceChanged(position: number, price: number): void {
    this.entries[position]!.price = price;
    this.#rankings.clear();
  }
}
