import { halalasToSar, type FacetGroup, type Facets, type FacetValue, type Lang } from '@shop/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, companies, optionFacetLabels, specAttributes, specChoices } from './schema.ts';
import type { Narrowed } from './listing-index.ts';
import { formatSpecNumber, pick } from './specs.ts';

/*
 * Facets (docs/decisions/197-listing-facets.md): what a listing or a search can be narrowed by,
 * counted on its current result. A product carries its facet keys on its row (`facet_keys`,
 * migration 0018): "o-<option>:<value>" for each option value, by the slugs of their English
 * names, so that "256 GB" of every phone is one value; "s<attribute>:<value>" for each choice or
 * number specification. Its maker is the key "b:<company id>", read from `company_id`.
 *
 * Values of one group widen the choice (256 GB or 512 GB), groups narrow each other (and blue).
 * A value's count is the number of products (not variants) the result would hold with it added
 * to its group: the choices of every other group apply, its own group's do not. All counts come
 * from one pass over the products the listing or search holds before any facet is chosen, made
 * on the shelves kept in memory (listing-index.ts); this file names what that pass counted.
 */

/** A shopper's facet choices. */
export interface FacetFilter {
  /** Facet keys, already checked against the contract's `facetKey`. */
  facet?: string[] | undefined;
  inStock?: boolean | undefined;
}

export const hasFacetChoice = (f: FacetFilter) => (f.facet?.length ?? 0) > 0 || f.inStock === true;

const groupOf = (key: string) => key.slice(0, key.indexOf(':'));
const valueOf = (key: string) => key.slice(key.indexOf(':') + 1);

/**
 * The facets of a narrowed shelf (listing-index.ts counts them) as the answer shows them: every
 * value that counts a product, and every chosen one (with 0 when nothing is left, so that it
 * can be unticked), named in the language.
 */
export function facetsOf(
  names: FacetNames,
  lang: Lang,
  counted: Pick<Narrowed, 'counts' | 'inStock' | 'price'>,
  filter: FacetFilter,
): Facets {
  const chosen = new Set(filter.facet ?? []);
  const keys = [...new Set([...counted.counts.keys(), ...chosen])];
  return {
    groups: facetGroups(names, lang, keys, counted.counts, chosen),
    inStock: { count: counted.inStock, selected: filter.inStock === true },
    price: counted.price && { min: halalasToSar(counted.price.min), max: halalasToSar(counted.price.max) },
  };
}

type Named = { id: number; nameAr: string; nameEn: string };
type Label = typeof optionFacetLabels.$inferSelect;
type Attribute = typeof specAttributes.$inferSelect;
type Choice = typeof specChoices.$inferSelect;

/**
 * What facet keys are called: makers, categories, option labels, specification attributes and
 * choices, read with the shelves (listing-index.ts) and kept with them, so that naming a
 * listing's facets asks the database nothing. Categories and makers are also how a listing knows
 * that the one it was asked for exists.
 */
export class FacetNames {
  readonly makers = new Map<number, Named>();
  readonly categories = new Map<number, Named>();
  readonly labels = new Map<string, Label>();
  readonly attributes = new Map<number, Attribute>();
  readonly choices = new Map<number, Choice>();

  /** Every name there is: with a whole reading of the shelves. */
  static async read(db: Db): Promise<FacetNames> {
    const names = new FacetNames();
    const groupColumns = (t: typeof companies | typeof categories) => ({
      id: t.id,
      nameAr: t.nameAr,
      nameEn: t.nameEn,
    });
    const [makers, groups, labels, attributes, choices] = await Promise.all([
      db.select(groupColumns(companies)).from(companies),
      db.select(groupColumns(categories)).from(categories),
      db.select().from(optionFacetLabels),
      db.select().from(specAttributes),
      db.select().from(specChoices),
    ]);
    for (const m of makers) names.makers.set(m.id, m);
    for (const c of groups) names.categories.set(c.id, c);
    for (const l of labels) names.labels.set(l.key, l);
    for (const a of attributes) names.attributes.set(a.id, a);
    for (const c of choices) names.choices.set(c.id, c);
    return names;
  }

  /**
   * Names of the keys of products that changed: their option labels (a product's option may
   * have been renamed), and specification choices not known yet. Attributes, categories and
   * makers change only with a change to the whole catalog, which reads every name again.
   */
  async refresh(db: Db, keys: Iterable<string>): Promise<void> {
    const options = new Set<string>();
    const choiceIds = new Set<number>();
    for (const key of keys) {
      if (key.startsWith('o-')) options.add(key);
      else if (key.startsWith('s')) {
        const id = Number(valueOf(key));
        if (Number.isSafeInteger(id) && !this.choices.has(id)) choiceIds.add(id);
      }
    }
    const [labels, choices] = await Promise.all([
      options.size
        ? db
            .select()
            .from(optionFacetLabels)
            .where(inArray(optionFacetLabels.key, [...options]))
        : [],
      choiceIds.size
        ? db
            .select()
            .from(specChoices)
            .where(inArray(specChoices.id, [...choiceIds]))
        : [],
    ]);
    for (const l of labels) this.labels.set(l.key, l);
    for (const c of choices) this.choices.set(c.id, c);
  }
}

const byteUnits: Record<string, number> = { kb: 1e3, mb: 1e6, gb: 1e9, tb: 1e12 };

/**
 * Where a value sorts by its English name: a size in bytes ("512 GB" before "1 TB"), else its
 * leading number ("8 cores"), else 0 (then by name).
 */
export function sizeOf(name: string): number {
  const match = /^\s*([0-9]+(?:\.[0-9]+)?)\s*([a-z]*)/i.exec(name);
  if (!match) return 0;
  return Number(match[1]) * (byteUnits[match[2]!.toLowerCase()] ?? 1);
}

/**
 * Names compare in the language's order, numbers by value ("8 GB" before "16 GB"). One collator
 * per language: `localeCompare` with a locale makes a new one at every comparison.
 */
const collators = {
  ar: new Intl.Collator('ar', { numeric: true }),
  en: new Intl.Collator('en', { numeric: true }),
} satisfies Record<Lang, Intl.Collator>;

interface Sortable extends FacetValue {
  order: number;
}

/** The keys found, named in the language and ordered: makers, options, specifications. */
function facetGroups(
  names: FacetNames,
  lang: Lang,
  keys: string[],
  counts: Map<string, number>,
  chosen: Set<string>,
): FacetGroup[] {
  const byKind = { b: [] as string[], o: [] as string[], s: [] as string[] };
  for (const key of keys) {
    const kind = key.startsWith('b:') ? 'b' : key.startsWith('o-') ? 'o' : key.startsWith('s') ? 's' : null;
    if (kind) byKind[kind].push(key);
  }
  const known = <T>(list: (T | undefined)[]) => list.filter((x): x is T => x !== undefined);
  const makers = known(byKind.b.map((k) => names.makers.get(Number(valueOf(k)))));
  const labels = known(byKind.o.map((k) => names.labels.get(k)));
  const attributes = known(
    [...new Set(byKind.s.map((k) => Number(groupOf(k).slice(1))))].map((id) => names.attributes.get(id)),
  );
  const value = (key: string, name: string, order: number, swatch: string | null = null): Sortable => ({
    key,
    name,
    count: counts.get(key) ?? 0,
    selected: chosen.has(key),
    swatch,
    order,
  });
  const groups: (FacetGroup & { order: number })[] = [];
  const add = (group: string, kind: FacetGroup['kind'], name: string, order: number, values: Sortable[]) => {
    if (values.length === 0) return;
    const sorted = values
      .sort((a, b) => a.order - b.order || collators[lang].compare(a.name, b.name))
      .map(({ order: _, ...v }) => v);
    groups.push({ group, kind, name, order, values: sorted });
  };

  add(
    'b',
    'brand',
    '',
    0,
    makers.map((m) => value(`b:${m.id}`, pick(lang, m.nameAr, m.nameEn), 0)),
  );

  const options = new Map<string, typeof labels>();
  for (const label of labels) {
    const group = groupOf(label.key);
    options.set(group, [...(options.get(group) ?? []), label]);
  }
  for (const [group, list] of options) {
    const first = list[0]!;
    add(
      group,
      'option',
      pick(lang, first.optionAr, first.optionEn),
      1000 + Math.min(...list.map((l) => l.optionPosition)),
      // By size, then by name: products order their values each their own way, so no product's
      // order is the group's.
      list.map((l) => value(l.key, pick(lang, l.valueAr, l.valueEn), sizeOf(l.valueEn), l.swatch)),
    );
  }

  // Categories each have their own attributes: in a search over several, two groups may share a
  // name ("Screen size" of phones and of laptops), and are then told apart by their category's.
  const named = (a: Attribute) => pick(lang, a.nameAr, a.nameEn);
  const shared = new Set(
    attributes.filter((a) => attributes.some((b) => b.id !== a.id && named(b) === named(a))),
  );
  for (const a of attributes) {
    const unit = pick(lang, a.unitAr, a.unitEn);
    const values = byKind.s
      .filter((k) => groupOf(k) === `s${a.id}`)
      .flatMap((k) => {
        const v = valueOf(k);
        if (a.kind === 'choice') {
          const c = names.choices.get(Number(v));
          return c ? [value(k, pick(lang, c.valueAr, c.valueEn), c.sort)] : [];
        }
        const n = Number(v);
        if (!Number.isFinite(n)) return [];
        return [value(k, unit ? `${formatSpecNumber(n)} ${unit}` : formatSpecNumber(n), n)];
      });
    const group = shared.has(a) ? names.categories.get(a.categoryId) : undefined;
    const category = group && pick(lang, group.nameAr, group.nameEn);
    add(`s${a.id}`, 'spec', category ? `${named(a)} (${category})` : named(a), 2000 + a.sort, values);
  }
  return groups
    .sort((a, b) => a.order - b.order || collators[lang].compare(a.name, b.name))
    .map(({ order: _, ...g }) => g);
}
