import { halalasToSar, type FacetGroup, type Facets, type FacetValue, type Lang } from '@shop/contract';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, companies, optionFacetLabels, products, specAttributes, specChoices } from './schema.ts';
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
 * from one pass over the products the listing or search holds before any facet is chosen.
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

/** The chosen keys by group, the makers' as ids (a maker key that is no id is ignored). */
function chosenGroups(filter: FacetFilter): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const key of filter.facet ?? []) {
    if (groupOf(key) === 'b' && !/^[0-9]{1,9}$/.test(valueOf(key))) continue;
    groups.set(groupOf(key), [...(groups.get(groupOf(key)) ?? []), key]);
  }
  return groups;
}

function groupCondition(group: string, keys: string[]): SQL {
  if (group === 'b')
    return inArray(
      products.companyId,
      keys.map((k) => Number(valueOf(k))),
    );
  return sql`${products.facetKeys} && ${sql.param(keys)}::text[]`;
}

/** The conditions a product meets to be in the result the shopper narrowed it to. */
export function facetConditions(filter: FacetFilter): SQL[] {
  const conditions = [...chosenGroups(filter)].map(([group, keys]) => groupCondition(group, keys));
  if (filter.inStock) conditions.push(sql`${products.stock} > 0`);
  return conditions;
}

interface CountRow {
  key: string;
  n: number;
}

const all = (conditions: SQL[]) => (conditions.length ? sql.join(conditions, sql` and `) : sql`true`);

/**
 * The facets of the products that `base` selects (visible ones only): every value with its
 * count, the in-stock count and the price range, with the shopper's choices applied as above;
 * and `total`, how many products every choice leaves. `price` is the price range's condition,
 * applied to all but the price figures. Without `makers`, the maker group is left out (a
 * maker's own page).
 */
export async function countFacets(
  db: Db,
  lang: Lang,
  base: SQL,
  filter: FacetFilter,
  { price, makers }: { price: SQL[]; makers: boolean },
): Promise<{ facets: Facets; total: number }> {
  const chosen = chosenGroups(filter);
  // Each condition is computed once per product, as a column of `m`; a key's count applies every
  // one of them but its own group's.
  const named: { name: string; group?: string; condition: SQL }[] = [
    ...[...chosen].map(([group, keys], i) => ({
      name: `g${i}`,
      group,
      condition: groupCondition(group, keys),
    })),
    ...(price.length ? [{ name: 'in_range', condition: and(...price)! }] : []),
    ...(filter.inStock ? [{ name: 'stock', condition: sql`${products.stock} > 0` }] : []),
  ];
  const columns = named.map((c) => sql`(${c.condition}) as ${sql.identifier(c.name)}`);
  const others = (skip: string) =>
    all(named.filter((c) => c.name !== skip).map((c) => sql`m.${sql.identifier(c.name)}`));
  const byGroup = named.filter((c) => c.group !== undefined);
  const keyCondition = byGroup.length
    ? sql`case split_part(k, ':', 1) ${sql.join(
        byGroup.map((c) => sql`when ${c.group} then ${others(c.name)}`),
        sql` `,
      )} else ${others('')} end`
    : others('');
  const keys = makers ? sql`m.facet_keys || ('b:' || m.company_id)` : sql`m.facet_keys`;
  const result = await db.execute(sql`
    with m as materialized (
      select ${products.companyId} as company_id, ${products.facetKeys} as facet_keys,
        ${products.effectivePriceHalalas} as price, ${products.stock} > 0 as in_stock
        ${columns.length ? sql`, ${sql.join(columns, sql`, `)}` : sql``}
      from ${products}
      where ${base} and not ${products.hidden}
    )
    select k as key, count(*)::int as n
      from m cross join lateral unnest(${keys}) as k
      where ${keyCondition}
      group by k
    union all
    select '#total', count(*)::int from m where ${others('')}
    union all
    select '#stock', count(*)::int from m where m.in_stock and ${others('stock')}
    union all
    select '#min', coalesce(min(m.price), -1) from m where ${others('in_range')}
    union all
    select '#max', coalesce(max(m.price), -1) from m where ${others('in_range')}`);
  const rows = (result as unknown as { rows: CountRow[] }).rows;
  const counts = new Map(rows.map((r) => [r.key, r.n]));
  const chosenKeys = new Set([...chosen.values()].flat());
  const found = [...new Set([...rows.map((r) => r.key).filter((k) => !k.startsWith('#')), ...chosenKeys])];
  const min = counts.get('#min') ?? -1;
  const max = counts.get('#max') ?? -1;
  return {
    facets: {
      groups: await facetGroups(db, lang, found, counts, chosenKeys),
      inStock: { count: counts.get('#stock') ?? 0, selected: filter.inStock === true },
      price: min < 0 ? null : { min: halalasToSar(min), max: halalasToSar(max) },
    },
    total: counts.get('#total') ?? 0,
  };
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

interface Sortable extends FacetValue {
  order: number;
}

/** The keys found, named in the language and ordered: makers, options, specifications. */
async function facetGroups(
  db: Db,
  lang: Lang,
  keys: string[],
  counts: Map<string, number>,
  chosen: Set<string>,
): Promise<FacetGroup[]> {
  const byKind = { b: [] as string[], o: [] as string[], s: [] as string[] };
  for (const key of keys) {
    const kind = key.startsWith('b:') ? 'b' : key.startsWith('o-') ? 'o' : key.startsWith('s') ? 's' : null;
    if (kind) byKind[kind].push(key);
  }
  const makerIds = byKind.b.map((k) => Number(valueOf(k))).filter((id) => Number.isSafeInteger(id));
  const attributeIds = [...new Set(byKind.s.map((k) => Number(groupOf(k).slice(1))))];
  const choiceIds = byKind.s.map((k) => Number(valueOf(k))).filter((id) => Number.isSafeInteger(id));
  const [makers, labels, attributes, choices] = await Promise.all([
    makerIds.length
      ? db
          .select({ id: companies.id, nameAr: companies.nameAr, nameEn: companies.nameEn })
          .from(companies)
          .where(inArray(companies.id, makerIds))
      : [],
    byKind.o.length
      ? db.select().from(optionFacetLabels).where(inArray(optionFacetLabels.key, byKind.o))
      : [],
    attributeIds.length
      ? db.select().from(specAttributes).where(inArray(specAttributes.id, attributeIds))
      : [],
    choiceIds.length ? db.select().from(specChoices).where(inArray(specChoices.id, choiceIds)) : [],
  ]);
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
      .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, lang, { numeric: true }))
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

  const choiceById = new Map(choices.map((c) => [c.id, c]));
  // Categories each have their own attributes: in a search over several, two groups may share a
  // name ("Screen size" of phones and of laptops), and are then told apart by their category's.
  const named = (a: (typeof attributes)[number]) => pick(lang, a.nameAr, a.nameEn);
  const shared = attributes.filter((a) => attributes.some((b) => b.id !== a.id && named(b) === named(a)));
  const categoryNames = new Map(
    (shared.length
      ? await db
          .select({ id: categories.id, nameAr: categories.nameAr, nameEn: categories.nameEn })
          .from(categories)
          .where(inArray(categories.id, [...new Set(shared.map((a) => a.categoryId))]))
      : []
    ).map((c) => [c.id, pick(lang, c.nameAr, c.nameEn)]),
  );
  for (const a of attributes) {
    const unit = pick(lang, a.unitAr, a.unitEn);
    const values = byKind.s
      .filter((k) => groupOf(k) === `s${a.id}`)
      .flatMap((k) => {
        const v = valueOf(k);
        if (a.kind === 'choice') {
          const c = choiceById.get(Number(v));
          return c ? [value(k, pick(lang, c.valueAr, c.valueEn), c.sort)] : [];
        }
        const n = Number(v);
        if (!Number.isFinite(n)) return [];
        return [value(k, unit ? `${formatSpecNumber(n)} ${unit}` : formatSpecNumber(n), n)];
      });
    const category = categoryNames.get(a.categoryId);
    add(`s${a.id}`, 'spec', category ? `${named(a)} (${category})` : named(a), 2000 + a.sort, values);
  }
  return groups
    .sort((a, b) => a.order - b.order || a.name.localeCompare(b.name, lang))
    .map(({ order: _, ...g }) => g);
}
