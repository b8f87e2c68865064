import type { SearchIndex } from './search-index.ts';
import type { QueryWord, Spelling } from './search.ts';

/*
 * A query word's other spellings (decision 198), all found at query time, all normalized by
 * ar_norm() like the words themselves (teh marbuta is heh, alef forms are bare alef, alef maqsura
 * is yeh):
 *
 * - synonyms: the other words of each group in `search_synonyms` holding the word (or its stem,
 *   or the phrase it makes with the next word); they must begin a word of the product's text;
 * - stems, for a word no catalog word contains: the word without an attached prefix (و ب ل ف ال
 *   لل and their pairs), or its singular by a few plural rules (سماعات → سماعه, شواحن → شاحن,
 *   chargers → charger), kept when the catalog holds the stem;
 * - a short word's typo the trigram index cannot see (two letters swapped, one too many), when
 *   the corrected word is a catalog word;
 * - compounds: a word the catalog holds split (ماكبوك, the catalog writing ماك بوك), and two
 *   neighbouring words the catalog holds joined (ريد مي, the catalog writing ريدمي).
 */

/** Prefixes written attached to an Arabic word, longest first. */
const ARABIC_PREFIXES = ['وال', 'بال', 'فال', 'كال', 'ولل', 'فلل', 'ال', 'لل', 'و', 'ب', 'ل', 'ف'];
/** A stem shorter than this is too likely to be some other word. */
const MIN_STEM = 3;

const letters = (w: string) => [...w];
const isArabic = (w: string) => /^[\u0600-\u06FF]+$/.test(w);
const isLatin = (w: string) => /^[a-z]+$/.test(w);

/** A plural's singular forms, by the few rules that cover most of a shop's plurals. */
export function singulars(w: string): string[] {
  const l = letters(w);
  const out: string[] = [];
  if (isArabic(w)) {
    // Sound feminine plural: سماعات → سماعه (teh marbuta normalized), شاشات → شاشه, جوالات → جوال,
    // كاميرات → كاميرا.
    if (l.length >= 5 && w.endsWith('ات')) {
      const base = l.slice(0, -2).join('');
      out.push(`${base}ه`, base, `${base}ا`);
    }
    // Sound masculine plural: ...ون / ...ين.
    if (l.length >= 6 && (w.endsWith('ون') || w.endsWith('ين'))) out.push(l.slice(0, -2).join(''));
    // Broken plural فواعل → فاعل: شواحن → شاحن, كوابل → كابل.
    if (l.length === 5 && l[1] === 'و' && l[2] === 'ا') out.push(`${l[0]}ا${l[3]}${l[4]}`);
    // Broken plural أفعلة → فعال: اجهزه → جهاز.
    if (l.length === 5 && l[0] === 'ا' && l[4] === 'ه') out.push(`${l[1]}${l[2]}ا${l[3]}`);
  } else if (isLatin(w) && l.length >= 4) {
    if (w.endsWith('ies')) out.push(`${w.slice(0, -3)}y`);
    if (w.endsWith('es')) out.push(w.slice(0, -2));
    if (w.endsWith('s') && !w.endsWith('ss')) out.push(w.slice(0, -1));
  }
  return out.filter((s) => letters(s).length >= MIN_STEM);
}

/** The word without an attached prefix, and the singulars of both; the word itself excluded. */
export function stems(w: string): string[] {
  const bare = isArabic(w)
    ? ARABIC_PREFIXES.filter((p) => w.startsWith(p) && letters(w).length - letters(p).length >= MIN_STEM).map(
        (p) => w.slice(p.length),
      )
    : [];
  return [...new Set([...bare, ...[w, ...bare].flatMap(singulars)])].filter((s) => s !== w);
}

/**
 * The word with two neighbouring letters swapped or one letter left out: the typos of a short
 * word that share too few trigrams with the right one for the trigram index to offer it
 * (نفوا for نوفا).
 */
export function swapsAndDeletions(w: string): string[] {
  const l = letters(w);
  const out = new Set<string>();
  for (let i = 0; i + 1 < l.length; i++) {
    const swapped = [...l];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    out.add(swapped.join(''));
  }
  if (l.length > MIN_STEM)
    for (let i = 0; i < l.length; i++) out.add([...l.slice(0, i), ...l.slice(i + 1)].join(''));
  out.delete(w);
  return [...out];
}

/** The ways a word may be cut in two, each part at least two letters. */
export function splits(w: string): [string, string][] {
  const l = letters(w);
  const out: [string, string][] = [];
  for (let i = 2; i <= l.length - 2; i++) out.push([l.slice(0, i).join(''), l.slice(i).join('')]);
  return out;
}

/**
 * What finding a word's other spellings asks of the catalog: its search index in memory
 * (`indexLookups`), the storefront's or the back office's.
 */
export interface WordLookups {
  /** Which of `candidates` are catalog words (`term`), and which some catalog word contains (`known`). */
  vocabulary(candidates: string[]): Promise<Map<string, { term: boolean; known: boolean }>>;
  /** Which of the phrases (two words with a space) some product's search text holds at a word's start. */
  phrasesHeld(phrases: string[]): Promise<Set<string>>;
  /**
   * The synonyms of each of `keys`: the other words of every group holding it, each with whether
   * the catalog holds it (every word of it begins some catalog word).
   */
  synonymsOf(keys: string[]): Promise<Map<string, { text: string; held: boolean }[]>>;
}

export function indexLookups(index: SearchIndex): WordLookups {
  return {
    vocabulary: async (candidates) =>
      new Map(candidates.map((c) => [c, { term: index.isTerm(c), known: index.holds(c) }])),
    phrasesHeld: async (phrases) => new Set(phrases.filter((p) => index.phraseHeld(p))),
    synonymsOf: async (keys) =>
      new Map(keys.map((k) => [k, index.synonymsOf(k)] as const).filter(([, list]) => list.length > 0)),
  };
}

/** `words` with their synonyms, stems and compounds added (`more`), and held when one is held. */
export async function wordVariants(lookups: WordLookups, words: QueryWord[]): Promise<QueryWord[]> {
  const long = (w: string) => letters(w).length >= MIN_STEM;
  const stemsOf = new Map(words.filter((x) => !x.known && long(x.w)).map((x) => [x.w, stems(x.w)]));
  // A short typo the trigram index found nothing for.
  const typosOf = new Map(
    words
      .filter((x) => !x.known && x.near.length === 0 && long(x.w))
      .map((x) => [x.w, swapsAndDeletions(x.w)]),
  );
  const splitsOf = new Map(
    words.filter((x) => !x.known && letters(x.w).length >= 4).map((x) => [x.w, splits(x.w)]),
  );
  const pairs = words.slice(1).map((b, i) => [words[i]!, b] as const);
  const joined = pairs.map(([a, b]) => a.w + b.w);

  // One after the other: the search's transaction holds one connection.
  const vocab = await lookups.vocabulary([
    ...new Set([...[...stemsOf.values()].flat(), ...[...typosOf.values()].flat(), ...joined]),
  ]);
  const phrases = await lookups.phrasesHeld([
    ...new Set([...splitsOf.values()].flat().map(([a, b]) => `${a} ${b}`)),
  ]);
  const synonyms = await lookups.synonymsOf([
    ...new Set([
      ...words.map((x) => x.w),
      ...[...stemsOf.values()].flat(),
      ...pairs.map(([a, b]) => `${a.w} ${b.w}`),
    ]),
  ]);

  const more = new Map<string, { spellings: Spelling[]; held: boolean }>(
    words.map((x) => [x.w, { spellings: [], held: false }]),
  );
  const add = (w: string, spelling: Spelling, held: boolean) => {
    const entry = more.get(w)!;
    if (!entry.spellings.some((s) => s.text === spelling.text)) entry.spellings.push(spelling);
    entry.held ||= held;
  };
  const addSynonyms = (w: string, key: string) => {
    for (const s of synonyms.get(key) ?? []) add(w, { text: s.text, start: true }, s.held);
  };

  for (const word of words) {
    addSynonyms(word.w, word.w);
    for (const stem of stemsOf.get(word.w) ?? []) {
      const v = vocab.get(stem);
      // The stem stands for the word when the catalog holds it (a word of its own, or inside
      // a longer one when it is long enough not to be chance).
      if (v && (v.term || (v.known && letters(stem).length >= 4)))
        add(word.w, { text: stem, start: false }, true);
      addSynonyms(word.w, stem);
    }
    for (const typo of typosOf.get(word.w) ?? [])
      if (vocab.get(typo)?.term) add(word.w, { text: typo, start: false }, true);
    for (const [a, b] of splitsOf.get(word.w) ?? []) {
      const phrase = `${a} ${b}`;
      if (phrases.has(phrase)) add(word.w, { text: phrase, start: false }, true);
    }
  }
  pairs.forEach(([a, b], i) => {
    if (vocab.get(joined[i]!)?.term) {
      add(a.w, { text: joined[i]!, start: false }, true);
      add(b.w, { text: joined[i]!, start: false }, true);
    }
    addSynonyms(a.w, `${a.w} ${b.w}`);
    addSynonyms(b.w, `${a.w} ${b.w}`);
  });

  return words.map((x) => {
    const m = more.get(x.w)!;
    return { ...x, more: m.spellings, held: x.held || m.held };
  });
}
