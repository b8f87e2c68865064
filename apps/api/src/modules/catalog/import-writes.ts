import { sarToHalalas, type SpecAttributeInput, type SpecKind } from '@shop/contract';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db, Tx } from '../../db/client.ts';
import {
  counts,
  variantSkus,
  type Counts,
  type ParsedCatalog,
  type SpecAttributeRecord,
} from '../../lib/catalog-file/format.ts';
import { liveOffer } from './offers.ts';
import {
  categories,
  companies,
  optionFacetLabels,
  productImages,
  productOptions,
  productOptionValues,
  products,
  productSpecs,
  productVariants,
  specAttributes,
  specChoices,
} from './schema.ts';
import {
  deleteSpecAttribute,
  deleteSpecsOutsideCategory,
  insertSpecAttribute,
  refreshSpecSearch,
  specValueOf,
  type StoredSpecValue,
  updateSpecAttribute,
} from './specs.ts';

/*
 * A catalog file's categories, brands and products written into the catalog's tables, each
 * record by its key (a slug, a SKU), so writing the same file twice changes nothing. The
 * import's use cases (use-cases/catalog-import/) decide the transactions and the order.
 */

const CHUNK = 500;
/** Where placeholder values sit while variants change values (below any value's own place). */
const PARKED = 16_000;
function chunks<T>(items: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const excluded = (column: string) => sql.raw(`excluded.${column}`);

/**
 * A list as a PostgreSQL array literal, as the driver writes an array parameter (each element
 * quoted, its backslashes and quotes escaped; null and undefined as NULL). A batch's lists are
 * written so while the batch before it is in the database, rather than by the driver as each
 * statement is sent, when the database waits for them.
 */
export function arrayLiteral(values: readonly (string | number | boolean | null | undefined)[]): string {
  // Joined rather than added to, piece by piece: one flat string, not a tree of pieces that the
  // garbage collector copies while the batch waits its turn.
  const items = values.map((value) =>
    value == null ? 'NULL' : `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

type Group = typeof categories | typeof companies;
const groupTable = (kind: 'categories' | 'companies'): Group =>
  kind === 'categories' ? categories : companies;

/** The given slugs of categories or brands that the shop has, read a chunk at a time. */
export async function knownGroupSlugs(
  db: Db | Tx,
  kind: 'categories' | 'companies',
  keys: string[],
): Promise<Set<string>> {
  const table = groupTable(kind);
  const found = new Set<string>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db.select({ slug: table.slug }).from(table).where(inArray(table.slug, part));
    for (const r of rows) found.add(r.slug);
  }
  return found;
}

/**
 * Every product's category and brand that is neither in the file nor in the shop, by the
 * product's place in the file.
 */
export async function missingReferences(
  db: Db | Tx,
  data: ParsedCatalog,
): Promise<{ index: number; field: 'category' | 'company'; key: string }[]> {
  const inFile = {
    category: new Set(data.categories.map((c) => c.key)),
    company: new Set(data.companies.map((c) => c.key)),
  };
  const needed = (field: 'category' | 'company') =>
    data.products.map((p) => p[field]).filter((k) => !inFile[field].has(k));
  const inShop = {
    category: await knownGroupSlugs(db, 'categories', needed('category')),
    company: await knownGroupSlugs(db, 'companies', needed('company')),
  };
  const missing: { index: number; field: 'category' | 'company'; key: string }[] = [];
  data.products.forEach((p, index) => {
    for (const field of ['category', 'company'] as const)
      if (!inFile[field].has(p[field]) && !inShop[field].has(p[field]))
        missing.push({ index, field, key: p[field] });
  });
  return missing;
}

/**
 * The file's variant SKUs that a variant of another product in the shop has (SKUs are unique
 * across the shop): each by its product's place in the file and its field.
 */
export async function takenVariantSkus(
  db: Db | Tx,
  data: ParsedCatalog,
): Promise<{ index: number; field: string; sku: string; owner: string }[]> {
  const wanted = variantSkus(data);
  // One statement for the whole file: each SKU with the product that wants it, answered only
  // where the shop has that SKU on another product.
  const result = await db.execute(sql`
    select f.n::integer as n, p.sku as owner
    from unnest(
      ${sql.param(wanted.map((w) => w.sku))}::text[],
      ${sql.param(wanted.map((w) => data.products[w.index]!.sku))}::text[]
    ) with ordinality as f(sku, product, n)
    join ${productVariants} v on v.sku = f.sku
    join ${products} p on p.id = v.product_id
    where p.sku <> f.product
    order by f.n`);
  const rows = (result as unknown as { rows: { n: number; owner: string }[] }).rows;
  return rows.map((r) => ({ ...wanted[r.n - 1]!, owner: r.owner }));
}

/** Writes a file's categories or brands by their slug, in the file's order; counts them. */
export async function upsertGroups(
  tx: Tx,
  kind: 'categories' | 'companies',
  records: { key: string; name: { ar: string; en: string }; image: string }[],
  image: Map<string, string>,
): Promise<Counts> {
  const table = groupTable(kind);
  const existing = await knownGroupSlugs(
    tx,
    kind,
    records.map((r) => r.key),
  );
  for (const part of chunks(records.map((r, sort) => ({ r, sort })))) {
    await tx
      .insert(table)
      .values(
        part.map(({ r, sort }) => ({
          slug: r.key,
          nameAr: r.name.ar,
          nameEn: r.name.en,
          image: image.get(r.image)!,
          sort,
        })),
      )
      .onConflictDoUpdate({
        target: table.slug,
        set: {
          nameAr: excluded('name_ar'),
          nameEn: excluded('name_en'),
          image: excluded('image'),
          sort: excluded('sort'),
          updatedAt: sql`now()`,
        },
      });
  }
  return counts(
    records.map((r) => r.key),
    existing,
  );
}

async function idsBySlug(tx: Tx, table: Group, keys: string[]) {
  const ids = new Map<string, number>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await tx
      .select({ id: table.id, slug: table.slug })
      .from(table)
      .where(inArray(table.slug, part));
    for (const r of rows) ids.set(r.slug, r.id);
  }
  return ids;
}

/** How many of the file's products are new and how many replace one in the shop. */
export async function countProducts(db: Db | Tx, data: ParsedCatalog): Promise<Counts> {
  const skus = data.products.map((p) => p.sku);
  // One statement for the whole file, its SKUs as one list (a statement per 500 SKUs, each a
  // parameter of its own, cost the importer more than the database).
  const result = await db.execute(
    sql`select sku from ${products} where sku = any(${sql.param(arrayLiteral(skus))}::text[])`,
  );
  const rows = (result as unknown as { rows: { sku: string }[] }).rows;
  return counts(skus, new Set(rows.map((r) => r.sku)));
}

/**
 * An offer as stored: an offer with dates is a plan (the minute task starts and ends it,
 * decision 126) and is live now only while its dates hold; one without dates is live at once.
 * A product's dates are its variants' too (each variant plans its own offer price).
 */
function offerOf(offerPrice: number | null | undefined, dates: ReturnType<typeof offerDates>, now: Date) {
  const offer = offerPrice == null ? null : sarToHalalas(offerPrice);
  const planned = offer !== null && (dates.offerStartsAt || dates.offerEndsAt) ? offer : null;
  return {
    offerPriceHalalas:
      planned === null ? offer : liveOffer(planned, dates.offerStartsAt, dates.offerEndsAt, now),
    offerPlannedHalalas: planned,
  };
}

type ProductIn = ParsedCatalog['products'][number];

/** A product's offer dates, kept only when it (or one of its variants) has an offer price. */
function offerDates(p: ProductIn) {
  const offered = p.variants ? p.variants.some((v) => v.offerPrice != null) : p.offerPrice != null;
  return {
    offerStartsAt: offered && p.offerStartsAt ? new Date(p.offerStartsAt) : null,
    offerEndsAt: offered && p.offerEndsAt ? new Date(p.offerEndsAt) : null,
  };
}

/**
 * A product's own sale columns as stored: those of its one variant without variants; with
 * variants the first one's (the triggers of the variants keep them from then on).
 */
export function offerColumns(p: ProductIn, now: Date) {
  const dates = offerDates(p);
  const first = p.variants?.[0];
  return {
    ...offerOf(first ? first.offerPrice : p.offerPrice, dates, now),
    ...dates,
    priceHalalas: sarToHalalas(first ? first.price : p.price!),
    stock: first ? p.variants!.reduce((n, v) => n + v.stock, 0) : p.stock!,
  };
}

/** The sole variants' columns of a batch's products without variants, as array literals. */
interface SoleColumns {
  sku: string;
  price: string;
  offer: string;
  planned: string;
  stock: string;
}

function soleColumns(part: ProductIn[], offers: ReturnType<typeof offerColumns>[]): SoleColumns {
  const column = (value: (p: ProductIn, i: number) => string | number | null) =>
    arrayLiteral(part.map(value));
  return {
    sku: column((p) => p.sku),
    price: column((_, i) => offers[i]!.priceHalalas),
    offer: column((_, i) => offers[i]!.offerPriceHalalas),
    planned: column((_, i) => offers[i]!.offerPlannedHalalas),
    stock: column((_, i) => offers[i]!.stock),
  };
}

/**
 * The one variant of each product of the batch, with the product's SKU, prices and stock (the
 * product row's copies follow by trigger). A product that had options before loses them: the
 * record is the whole truth about its product. Its variants that were ordered stay, hidden.
 */
async function writeSoleVariants(
  tx: Tx,
  ids: number[],
  columns: SoleColumns,
  updated: Set<number>,
): Promise<void> {
  const replaced = ids.filter((id) => updated.has(id));
  if (replaced.length)
    await tx.execute(sql`
    with stale as (
      select v.id, exists (select 1 from order_lines l where l.variant_id = v.id) as ordered
      from ${productVariants} v
      where v.product_id = any(${sql.param(replaced)}::integer[])
        and v.sku <> (select p.sku from ${products} p where p.id = v.product_id)
    ),
    hidden as (
      update ${productVariants} set hidden = true, updated_at = now()
      where id in (select id from stale where ordered) returning id
    )
    delete from ${productVariants} where id in (select id from stale where not ordered)`);
  await tx.execute(sql`
    insert into ${productVariants} (product_id, position, sku, price_halalas, offer_price_halalas,
      offer_planned_halalas, stock)
    select product_id, 0, sku, price, offer, planned, stock from unnest(
      ${sql.param(ids)}::integer[],
      ${sql.param(columns.sku)}::text[],
      ${sql.param(columns.price)}::integer[],
      ${sql.param(columns.offer)}::integer[],
      ${sql.param(columns.planned)}::integer[],
      ${sql.param(columns.stock)}::integer[]
    ) as f(product_id, sku, price, offer, planned, stock)
    on conflict (sku) do update set
      price_halalas = excluded.price_halalas,
      offer_price_halalas = excluded.offer_price_halalas,
      offer_planned_halalas = excluded.offer_planned_halalas,
      stock = excluded.stock,
      value1_id = null, value2_id = null, value3_id = null,
      hidden = false,
      updated_at = now()
    where ${productVariants}.product_id = excluded.product_id`);
  // Options go with their variants (hidden, ordered ones lose their values).
  if (replaced.length) await tx.delete(productOptions).where(inArray(productOptions.productId, replaced));
}

/**
 * The options, values and variants of a batch's products with variants, as array literals, each
 * row with its product's place in the batch (`product`): all the statements need of the file
 * but the products' ids and the value ids, which the database gives.
 */
interface OptionVariantColumns {
  options: { product: number[]; position: string; nameAr: string; nameEn: string; kind: string };
  values: {
    product: number[];
    option: string;
    position: string;
    nameAr: string;
    nameEn: string;
    swatch: string;
  };
  variants: {
    product: number[];
    /** Each variant's English value name of its product's first, second and third option. */
    values: (string | undefined)[][];
    skus: string[];
    position: string;
    sku: string;
    barcode: string;
    price: string;
    offer: string;
    planned: string;
    stock: string;
    image: string;
    hidden: string;
  };
}

function optionVariantColumns(
  part: ProductIn[],
  image: Map<string, string>,
  now: Date,
): OptionVariantColumns {
  type Cell = string | number | boolean | null | undefined;
  const list = <T>(rows: T[], value: (row: T) => Cell) => arrayLiteral(rows.map(value));
  const options = part.flatMap((p, product) =>
    (p.options ?? []).map((o, i) => ({ product, position: i + 1, o })),
  );
  const values = options.flatMap(({ product, position, o }) =>
    o.values.map((v, j) => ({ product, option: position, position: j + 1, v })),
  );
  const variants = part.flatMap((p, product) => {
    const names = (p.options ?? []).map((o) => o.name.en);
    const dates = offerDates(p);
    return p.variants!.map((v, position) => ({
      product,
      position,
      v,
      values: [0, 1, 2].map((i) => (names[i] === undefined ? undefined : v.options[names[i]])),
      ...offerOf(v.offerPrice, dates, now),
    }));
  });
  return {
    options: {
      product: options.map((r) => r.product),
      position: list(options, (r) => r.position),
      nameAr: list(options, (r) => r.o.name.ar),
      nameEn: list(options, (r) => r.o.name.en),
      kind: list(options, (r) => r.o.kind ?? 'text'),
    },
    values: {
      product: values.map((r) => r.product),
      option: list(values, (r) => r.option),
      position: list(values, (r) => r.position),
      nameAr: list(values, (r) => r.v.ar),
      nameEn: list(values, (r) => r.v.en),
      swatch: list(values, (r) => r.v.swatch ?? null),
    },
    variants: {
      product: variants.map((r) => r.product),
      values: variants.map((r) => r.values),
      skus: variants.map((r) => r.v.sku),
      position: list(variants, (r) => r.position),
      sku: list(variants, (r) => r.v.sku),
      barcode: list(variants, (r) => r.v.barcode ?? null),
      price: list(variants, (r) => sarToHalalas(r.v.price)),
      offer: list(variants, (r) => r.offerPriceHalalas),
      planned: list(variants, (r) => r.offerPlannedHalalas),
      stock: list(variants, (r) => r.v.stock),
      image: list(variants, (r) => (r.v.image ? image.get(r.v.image)! : null)),
      hidden: list(variants, (r) => r.v.hidden ?? false),
    },
  };
}

/**
 * The options, values and variants of each product of the batch that has variants: the record
 * is the whole truth about them. Options are matched by their place (1–3) and values by their
 * English name within their option, as the back office matches them, so a variant keeps
 * pointing at the same value rows; an option or value the file leaves out is deleted. Variants
 * are upserted by SKU (a new SKU on a combination the product has renames that variant); a
 * variant the file leaves out is deleted, or hidden when an order line names it (it loses the
 * values that go). Order matters: no two visible variants of a product may have the same values.
 */
async function writeOptionVariants(
  tx: Tx,
  part: ProductIn[],
  ids: number[],
  columns: OptionVariantColumns,
  updated: Set<number>,
): Promise<void> {
  // Only products the shop had can have options, values and variants to replace or remove.
  const replaced = ids.filter((id) => updated.has(id));
  const productIds = (places: number[]) => sql.param(places.map((i) => ids[i]!));
  const { options, values, variants } = columns;

  // The values the file keeps are given their places again below; until then every value of
  // these products steps aside to a negative place, so no two ever share one.
  if (replaced.length)
    await tx.execute(sql`
      update ${productOptionValues} v set position = -r.n
      from (
        select w.id, row_number() over (partition by w.option_id order by w.position, w.id) as n
        from ${productOptionValues} w join ${productOptions} o on o.id = w.option_id
        where o.product_id = any(${sql.param(replaced)}::integer[])
      ) r
      where v.id = r.id`);
  if (options.product.length)
    await tx.execute(sql`
      insert into ${productOptions} (product_id, position, name_ar, name_en, kind)
      select * from unnest(
        ${productIds(options.product)}::integer[],
        ${sql.param(options.position)}::smallint[],
        ${sql.param(options.nameAr)}::text[],
        ${sql.param(options.nameEn)}::text[],
        ${sql.param(options.kind)}::text[]
      )
      on conflict (product_id, position) do update set
        name_ar = excluded.name_ar, name_en = excluded.name_en, kind = excluded.kind`);
  // A value of the file is kept (by its English name within its option) where the shop has it;
  // the other values are new. A batch of new products has none to keep.
  if (values.product.length)
    await tx.execute(sql`
      with f as materialized (
        select f.*, o.id as option_id from unnest(
          ${productIds(values.product)}::integer[],
          ${sql.param(values.option)}::smallint[],
          ${sql.param(values.position)}::smallint[],
          ${sql.param(values.nameAr)}::text[],
          ${sql.param(values.nameEn)}::text[],
          ${sql.param(values.swatch)}::text[]
        ) as f(product_id, option_position, position, name_ar, name_en, swatch)
        join ${productOptions} o on o.product_id = f.product_id and o.position = f.option_position
      )${
        replaced.length
          ? sql`,
      kept as (
        update ${productOptionValues} v
        set position = f.position, name_ar = f.name_ar, swatch = f.swatch
        from f where v.option_id = f.option_id and v.name_en = f.name_en
        returning v.id
      )
      insert into ${productOptionValues} (option_id, position, name_ar, name_en, swatch)
      select f.option_id, f.position, f.name_ar, f.name_en, f.swatch from f
      where not exists (
        select 1 from ${productOptionValues} v where v.option_id = f.option_id and v.name_en = f.name_en)`
          : sql`
      insert into ${productOptionValues} (option_id, position, name_ar, name_en, swatch)
      select f.option_id, f.position, f.name_ar, f.name_en, f.swatch from f
      order by f.product_id, f.option_position, f.position`
      }`);

  // Each variant's value ids, found by option place and value name.
  const valueRows = (
    (await tx.execute(sql`
      select v.id, o.product_id, o.position as option, v.name_en
      from ${productOptionValues} v join ${productOptions} o on o.id = v.option_id
      where o.product_id = any(${sql.param(ids)}::integer[]) and v.position > 0`)) as unknown as {
      rows: { id: number; product_id: number; option: number; name_en: string }[];
    }
  ).rows;
  const valueId = new Map(valueRows.map((r) => [`${r.product_id}|${r.option}|${r.name_en}`, r.id]));
  const value = (k: 0 | 1 | 2) =>
    sql.param(
      variants.values.map((names, i) => {
        const name = names[k];
        return name === undefined ? null : valueId.get(`${ids[variants.product[i]!]}|${k + 1}|${name}`)!;
      }),
    );
  const file = sql`unnest(
    ${productIds(variants.product)}::integer[],
    ${sql.param(variants.position)}::integer[],
    ${sql.param(variants.sku)}::text[],
    ${sql.param(variants.barcode)}::text[],
    ${value(0)}::integer[],
    ${value(1)}::integer[],
    ${value(2)}::integer[],
    ${sql.param(variants.price)}::integer[],
    ${sql.param(variants.offer)}::integer[],
    ${sql.param(variants.planned)}::integer[],
    ${sql.param(variants.stock)}::integer[],
    ${sql.param(variants.image)}::text[],
    ${sql.param(variants.hidden)}::boolean[]
  ) as f(product_id, position, sku, barcode, value1_id, value2_id, value3_id, price, offer, planned,
    stock, image, hidden)`;
  if (replaced.length) await replaceVariants(tx, file, replaced, variants.skus);
  await tx.execute(sql`
    insert into ${productVariants} (product_id, position, sku, barcode, value1_id, value2_id, value3_id,
      price_halalas, offer_price_halalas, offer_planned_halalas, stock, image, hidden)
    select * from ${file}
    on conflict (sku) do update set
      position = excluded.position,
      barcode = excluded.barcode,
      value1_id = excluded.value1_id,
      value2_id = excluded.value2_id,
      value3_id = excluded.value3_id,
      price_halalas = excluded.price_halalas,
      offer_price_halalas = excluded.offer_price_halalas,
      offer_planned_halalas = excluded.offer_planned_halalas,
      stock = excluded.stock,
      image = excluded.image,
      hidden = excluded.hidden,
      updated_at = now()
    where ${productVariants}.product_id = excluded.product_id`);
  // Values and options the file leaves out go (the placeholders too); hidden, ordered variants
  // that named them lose those values (their foreign keys set them to null).
  if (replaced.length === 0) return;
  await tx.execute(sql`
    delete from ${productOptionValues} v using ${productOptions} o
    where o.id = v.option_id and o.product_id = any(${sql.param(replaced)}::integer[]) and v.position < 0`);
  await tx.execute(sql`
    delete from ${productOptions} o
    using unnest(${sql.param(ids)}::integer[], ${sql.param(part.map((p) => p.options?.length ?? 0))}::integer[])
      as f(product_id, declared)
    where o.product_id = f.product_id and o.position > f.declared
      and o.product_id = any(${sql.param(replaced)}::integer[])`);
}

/**
 * Before the upsert of a batch's variants (`file`, the rows of their unnest()), those of the
 * products the shop had (`replaced`) that the file renames, leaves out or gives other values.
 */
async function replaceVariants(tx: Tx, file: SQL, replaced: number[], skus: string[]): Promise<void> {
  // A combination the product has under another SKU takes the file's SKU (a renamed variant),
  // rather than meeting it as a second variant with the same values.
  await tx.execute(sql`
    update ${productVariants} v set sku = f.sku, updated_at = now()
    from ${file}
    where v.product_id = f.product_id and v.sku <> f.sku
      and coalesce(v.value1_id, 0) = coalesce(f.value1_id, 0)
      and coalesce(v.value2_id, 0) = coalesce(f.value2_id, 0)
      and coalesce(v.value3_id, 0) = coalesce(f.value3_id, 0)
      and not exists (select 1 from ${productVariants} w where w.sku = f.sku)`);
  await tx.execute(sql`
    with stale as (
      select v.id, exists (select 1 from order_lines l where l.variant_id = v.id) as ordered
      from ${productVariants} v
      where v.product_id = any(${sql.param(replaced)}::integer[])
        and v.sku <> all(${sql.param(skus)}::text[])
    ),
    hidden as (
      update ${productVariants} set hidden = true, updated_at = now()
      where id in (select id from stale where ordered) and not hidden returning id
    )
    delete from ${productVariants} where id in (select id from stale where not ordered)`);
  // Variants the file keeps but gives other values (two that swap colours) step aside first,
  // each onto a placeholder value of its product's first option, so that no row of the upsert
  // meets the combination another still holds. The placeholders go with the leftovers below.
  const moving = sql`
    select v.id, v.product_id,
      row_number() over (partition by v.product_id order by v.id) as k
    from ${productVariants} v join ${file} on f.sku = v.sku and f.product_id = v.product_id
    where (coalesce(v.value1_id, 0), coalesce(v.value2_id, 0), coalesce(v.value3_id, 0))
      <> (coalesce(f.value1_id, 0), coalesce(f.value2_id, 0), coalesce(f.value3_id, 0))`;
  const parked = await tx.execute(sql`
    insert into ${productOptionValues} (option_id, position, name_ar, name_en)
    select o.id, -${sql.raw(String(PARKED))} - m.k, '', '' from (${moving}) m
    join ${productOptions} o on o.product_id = m.product_id and o.position = 1
    returning id`);
  if ((parked as unknown as { rows: unknown[] }).rows.length)
    await tx.execute(sql`
      update ${productVariants} v set value1_id = null, value2_id = null, value3_id = pv.id
      from (${moving}) m
      join ${productOptions} o on o.product_id = m.product_id and o.position = 1
      join ${productOptionValues} pv on pv.option_id = o.id and pv.position = -${sql.raw(String(PARKED))} - m.k
      where v.id = m.id`);
}

/**
 * Fresh planner statistics for the tables a large import fills within one transaction: the
 * statistics autovacuum keeps cannot see rows not yet committed, so without this the planner
 * takes tables that grow to hundreds of thousands of rows for nearly empty, and reads them whole
 * for each batch (ANALYZE counts the transaction's own rows).
 */
export async function refreshImportStatistics(tx: Tx): Promise<void> {
  await tx.execute(
    sql`analyze ${products}, ${productOptions}, ${productOptionValues}, ${productVariants}, ${productSpecs}`,
  );
}

/** How many products the planner's statistics last counted (none when never counted). */
export async function plannedProductCount(db: Db | Tx): Promise<number> {
  const result = await db.execute(
    sql`select greatest(reltuples, 0)::float8 as n from pg_class where oid = ${sql.raw("'products'::regclass")}`,
  );
  return Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
}

/**
 * What a product row shows of its variants, as `products_variant_rollup` (migration 0016)
 * derives it from the visible ones once they are written: the first visible variant's price,
 * offer and planned offer, the stock of all visible ones, the lowest price a shopper pays and how
 * many are for sale. With none visible the row keeps its own prices (`own`).
 */
function shownColumns(p: ProductIn, own: ReturnType<typeof offerColumns>, now: Date) {
  if (!p.variants)
    return { ...own, fromPriceHalalas: own.offerPriceHalalas ?? own.priceHalalas, variantCount: 1 };
  const dates = offerDates(p);
  const visible = p.variants
    .filter((v) => !v.hidden)
    .map((v) => ({ price: sarToHalalas(v.price), stock: v.stock, ...offerOf(v.offerPrice, dates, now) }));
  const first = visible[0];
  if (!first) return { ...own, stock: 0, fromPriceHalalas: null, variantCount: 0 };
  return {
    ...own,
    priceHalalas: first.price,
    offerPriceHalalas: first.offerPriceHalalas,
    offerPlannedHalalas: first.offerPlannedHalalas,
    stock: visible.reduce((n, v) => n + v.stock, 0),
    fromPriceHalalas: Math.min(...visible.map((v) => v.offerPriceHalalas ?? v.price)),
    variantCount: visible.length,
  };
}

/**
 * What a product row shows of its options, as `products_option_rollup` (migration 0018) derives
 * it from the options and values the record leaves: their names for the search text, and the
 * colour options' values as swatches (the option facet keys are derived in SQL, beside it).
 */
function optionColumns(p: ProductIn) {
  const options = p.options ?? [];
  const text = options
    .map((o) => [o.name.ar, o.name.en, o.values.map((v) => `${v.ar} ${v.en}`).join(' ')].join(' '))
    .join(' ');
  const swatches = options
    .flatMap((o, position) =>
      o.kind === 'colour' ? o.values.map((v, j) => ({ v, position, place: j + 1 })) : [],
    )
    .sort((a, b) => a.place - b.place || a.position - b.position)
    .map(({ v }) => ({ ar: v.ar, en: v.en, swatch: v.swatch ?? null }));
  return { text, swatches: JSON.stringify(swatches) };
}

/**
 * Upserts some of the file's products by SKU, with their options, variants, specifications and
 * extra images. Each product row is written once, with what it shows of its variants, options
 * and specifications already derived (the triggers then derive its search text, words and
 * counts from that one write); the rollups run after the batch's other writes only to find
 * nothing left to change, or to correct what the file alone cannot tell (decision 201).
 */
export async function writeProductBatch(
  tx: Tx,
  part: ParsedCatalog['products'],
  image: Map<string, string>,
): Promise<void> {
  await writePreparedBatch(tx, prepareProductBatch(part, image, await batchLookups(tx, part)));
}

/** The ids of products' categories and makers, and their categories' specification attributes. */
export interface BatchLookups {
  categoryIds: Map<string, number>;
  companyIds: Map<string, number>;
  attributes: Map<number, AttributesByName>;
}

/**
 * What the batches of these products need of the shop before they are written: read once for
 * all the batches of a file, since writing products changes no category, maker or attribute.
 */
export async function batchLookups(tx: Tx, products: ProductIn[]): Promise<BatchLookups> {
  const categoryIds = await idsBySlug(
    tx,
    categories,
    products.map((p) => p.category),
  );
  const companyIds = await idsBySlug(
    tx,
    companies,
    products.map((p) => p.company),
  );
  const withSpecs = products.filter((p) => p.specs);
  const attributes = withSpecs.length
    ? await shopAttributes(tx, [...new Set(withSpecs.map((p) => categoryIds.get(p.category)!))])
    : new Map<number, AttributesByName>();
  return { categoryIds, companyIds, attributes };
}

/**
 * A batch's statements, and their lists as array literals, as far as the file and the lookups
 * tell them: everything but what depends on the ids the products' upsert returns. It needs no
 * database, so the next batch is prepared while this one's products are written.
 */
export interface PreparedBatch {
  part: ProductIn[];
  image: Map<string, string>;
  /** The products' upsert, whole. */
  upsert: SQL;
  /** The places in `part` of the products without variants, and their sole variants' columns. */
  sole: { places: number[]; columns: SoleColumns };
  /** The places in `part` of the products with variants, and their options, values and variants. */
  withVariants: { places: number[]; columns: OptionVariantColumns };
  specs: SpecColumns;
}

export function prepareProductBatch(
  part: ParsedCatalog['products'],
  image: Map<string, string>,
  { categoryIds, companyIds, attributes }: BatchLookups,
): PreparedBatch {
  const specs = batchSpecValues(part, categoryIds, attributes);
  // One row per product, sent as one array per column and spread back into rows by unnest():
  // a batch is a fixed number of parameters whatever its size, which PostgreSQL binds and plans
  // once, instead of a few per product that the query builder assembles one by one.
  const now = new Date();
  const offers = part.map((p) => offerColumns(p, now));
  const shown = part.map((p, i) => shownColumns(p, offers[i]!, now));
  const named = part.map(optionColumns);
  type Cell = string | number | boolean | null | undefined;
  const column = (value: (p: (typeof part)[number], i: number) => Cell) =>
    sql.param(arrayLiteral(part.map(value)));
  const list = <T>(rows: T[], value: (row: T) => Cell) => sql.param(arrayLiteral(rows.map(value)));
  // Each product's (option, value) names by their place among the batch's distinct pairs, whose
  // facet keys are derived once (a batch's products share most of them).
  const pairs = new Map<string, { i: number; option: string; value: string }>();
  const optionValues = part.flatMap((p, i) =>
    (p.options ?? []).flatMap((o) =>
      o.values.map((v) => {
        const name = JSON.stringify([o.name.en, v.en]);
        let pair = pairs.get(name);
        if (!pair) pairs.set(name, (pair = { i: pairs.size + 1, option: o.name.en, value: v.en }));
        return { n: i + 1, pair: pair.i };
      }),
    ),
  );
  const upsert = sql`
    with f as materialized (
      select f.*, coalesce(o.facets, '{}') as option_facets,
        -- A product the file gives no specifications keeps its values, and their text and keys.
        case when f.has_specs then coalesce(s.doc, '')
          else coalesce((select old.spec_search from ${products} old where old.sku = f.sku), '') end
          as spec_search,
        case when f.has_specs then coalesce(s.facets, '{}')
          else coalesce((select old.spec_facets from ${products} old where old.sku = f.sku), '{}') end
          as spec_facets
      from unnest(
        ${column((p) => p.sku)}::text[],
        ${column((p) => p.name.ar)}::text[],
        ${column((p) => p.name.en)}::text[],
        ${column((p) => p.description?.ar ?? '')}::text[],
        ${column((p) => p.description?.en ?? '')}::text[],
        ${column((_, i) => shown[i]!.priceHalalas)}::integer[],
        ${column((_, i) => shown[i]!.offerPriceHalalas)}::integer[],
        ${column((_, i) => shown[i]!.offerPlannedHalalas)}::integer[],
        ${column((_, i) => offers[i]!.offerStartsAt?.toISOString() ?? null)}::timestamptz[],
        ${column((_, i) => offers[i]!.offerEndsAt?.toISOString() ?? null)}::timestamptz[],
        ${column((_, i) => shown[i]!.stock)}::integer[],
        ${column((p) => p.featured ?? false)}::boolean[],
        ${column((p) => p.hidden ?? false)}::boolean[],
        ${column((p) => categoryIds.get(p.category)!)}::integer[],
        ${column((p) => companyIds.get(p.company)!)}::integer[],
        ${column((p) => image.get(p.image)!)}::text[],
        ${column((_, i) => shown[i]!.fromPriceHalalas)}::integer[],
        ${column((_, i) => shown[i]!.variantCount)}::integer[],
        ${column((_, i) => named[i]!.text)}::text[],
        ${column((_, i) => named[i]!.swatches)}::text[],
        ${column((p) => p.specs !== undefined)}::boolean[]
      ) with ordinality as f(sku, name_ar, name_en, description_ar, description_en, price, offer,
        planned, starts, ends, stock, featured, hidden, category_id, company_id, image, from_price,
        variant_count, option_text, swatches, has_specs, n)
      left join (
        select x.n, array_agg(distinct k.key) as facets
        from unnest(
          ${list(optionValues, (r) => r.n)}::integer[],
          ${list(optionValues, (r) => r.pair)}::integer[]
        ) as x(n, pair)
        join (
          select k.i, 'o-' || facet_slug(k.option_en) || ':' || facet_slug(k.value_en) as key
          from unnest(
            ${list([...pairs.values()], (r) => r.option)}::text[],
            ${list([...pairs.values()], (r) => r.value)}::text[]
          ) with ordinality as k(option_en, value_en, i)
        ) k on k.i = x.pair
        group by x.n
      ) o on o.n = f.n
      left join (
        select x.n,
          string_agg(concat_ws(' ',
              coalesce(x.number_value::text, c.value_ar || ' ' || c.value_en, x.text_ar || ' ' || x.text_en),
              nullif(a.unit_ar, ''),
              nullif(a.unit_en, ''),
              case when x.number_value is not null and a.unit_en <> ''
                then x.number_value::text || a.unit_en end
            ), ' ' order by a.sort, a.id) as doc,
          array_agg('s' || a.id || ':' || coalesce(x.choice_id::text, x.number_value::text) order by a.id)
            filter (where x.text_ar is null) as facets
        from unnest(
          ${list(specs, (r) => r.n)}::integer[],
          ${list(specs, (r) => r.attributeId)}::integer[],
          ${list(specs, (r) => r.numberValue)}::double precision[],
          ${list(specs, (r) => r.choiceId)}::integer[],
          ${list(specs, (r) => r.textAr)}::text[],
          ${list(specs, (r) => r.textEn)}::text[]
        ) as x(n, attribute_id, number_value, choice_id, text_ar, text_en)
        join ${specAttributes} a on a.id = x.attribute_id
        left join ${specChoices} c on c.id = x.choice_id
        group by x.n
      ) s on s.n = f.n
    ),
    -- The search text as the trigger of migration 0017 derives it: ar_norm() works letter by
    -- letter, so the whole text normalized is its parts normalized, between the same spaces.
    -- Each distinct part is normalized once: the makers', categories', option and
    -- specification texts are shared by many products of a batch, the names by none. (Not
    -- materialized, and grouped, so that the planner knows each text is there once and expects
    -- one row per product from the joins below.)
    normed as not materialized (
      select t, ar_norm(t) as n from (
        select option_text from f union all select spec_search from f
        union all select c.name_ar || ' ' || c.name_en from ${companies} c where c.id in (select company_id from f)
        union all select c.name_ar || ' ' || c.name_en from ${categories} c where c.id in (select category_id from f)
      ) texts(t)
      group by t
    )
    insert into ${products} (sku, name_ar, name_en, description_ar, description_en, price_halalas,
      offer_price_halalas, offer_planned_halalas, offer_starts_at, offer_ends_at, stock, featured,
      hidden, category_id, company_id, image, from_price_halalas, variant_count, option_text,
      swatches, option_facets, spec_search, spec_facets, search_doc)
    select f.sku, f.name_ar, f.name_en, f.description_ar, f.description_en, f.price, f.offer,
      f.planned, f.starts, f.ends, f.stock, f.featured, f.hidden, f.category_id, f.company_id,
      f.image, f.from_price, f.variant_count, f.option_text, f.swatches::jsonb, f.option_facets,
      f.spec_search, f.spec_facets,
      ' ' || ar_norm(f.name_ar || ' ' || f.name_en) || ' ' || coalesce(company.n, '') || ' ' ||
        coalesce(category.n, '') || ' ' || option_text.n || ' ' || spec_search.n || ' '
    from f
    left join ${companies} co on co.id = f.company_id
    left join normed company on company.t = co.name_ar || ' ' || co.name_en
    left join ${categories} ca on ca.id = f.category_id
    left join normed category on category.t = ca.name_ar || ' ' || ca.name_en
    join normed option_text on option_text.t = f.option_text
    join normed spec_search on spec_search.t = f.spec_search
    order by f.n
    on conflict (sku) do update set
      name_ar = excluded.name_ar,
      name_en = excluded.name_en,
      description_ar = excluded.description_ar,
      description_en = excluded.description_en,
      price_halalas = excluded.price_halalas,
      offer_price_halalas = excluded.offer_price_halalas,
      stock = excluded.stock,
      featured = excluded.featured,
      hidden = excluded.hidden,
      category_id = excluded.category_id,
      company_id = excluded.company_id,
      image = excluded.image,
      -- A record is the whole truth about its product: an offer planned in the back office
      -- gives way to the file's, and an edit opened before the import is refused on saving.
      offer_planned_halalas = excluded.offer_planned_halalas,
      offer_starts_at = excluded.offer_starts_at,
      offer_ends_at = excluded.offer_ends_at,
      from_price_halalas = excluded.from_price_halalas,
      variant_count = excluded.variant_count,
      option_text = excluded.option_text,
      swatches = excluded.swatches,
      option_facets = excluded.option_facets,
      spec_search = excluded.spec_search,
      spec_facets = excluded.spec_facets,
      search_doc = excluded.search_doc,
      version = ${products}.version + 1,
      updated_at = now()
    returning id, sku, version`;
  const sole = part.flatMap((p, i) => (p.variants ? [] : [i]));
  const withVariants = part.flatMap((p, i) => (p.variants ? [i] : []));
  return {
    part,
    image,
    upsert,
    sole: {
      places: sole,
      columns: soleColumns(
        sole.map((i) => part[i]!),
        sole.map((i) => offers[i]!),
      ),
    },
    withVariants: {
      places: withVariants,
      columns: optionVariantColumns(
        withVariants.map((i) => part[i]!),
        image,
        now,
      ),
    },
    specs: specColumns(specs),
  };
}

/**
 * Writes a prepared batch. `meanwhile` runs once the products' upsert, most of the batch's time
 * in the database, is on its way there: the importer prepares its next batch then.
 */
export async function writePreparedBatch(
  tx: Tx,
  batch: PreparedBatch,
  meanwhile?: () => void,
): Promise<void> {
  const { part, image } = batch;
  // The batch's search text is written with its rows (migration 0037).
  await tx.execute(sql`select set_config('shop.search_doc_written', 'on', true)`);
  // One promise of the statement: the query builder's runs it again for each `then`.
  const upsert = Promise.resolve(tx.execute(batch.upsert));
  if (meanwhile) {
    // Its failure is met by the await below; until then it is not an unhandled rejection.
    upsert.catch(() => {});
    // The statement is handed to the connection within this turn's promise callbacks.
    await nextTurn();
    meanwhile();
  }
  const result = await upsert;
  await tx.execute(sql`select set_config('shop.search_doc_written', 'off', true)`);
  const rows = (result as unknown as { rows: { id: number; sku: string; version: number }[] }).rows;
  const idBySku = new Map(rows.map((r) => [r.sku, r.id]));
  const ids = part.map((p) => idBySku.get(p.sku)!);
  // The products the batch updated rather than created (a new row has the first version): only
  // they can have options, variants, images or specifications for the statements below to
  // replace or remove. A new product's id is new, so nothing refers to it yet.
  const updated = new Set(rows.filter((r) => r.version > 1).map((r) => r.id));
  const { sole } = batch;
  const withVariants = batch.withVariants.places.map((i) => part[i]!);
  // The product rows already hold what the rollups of the options and variants would write
  // (migrations 0016, 0018, 0021): the statements below leave them to the batch.
  await tx.execute(sql`select set_config('shop.defer_rollups', 'on', true)`);
  if (sole.places.length)
    await writeSoleVariants(
      tx,
      sole.places.map((i) => ids[i]!),
      sole.columns,
      updated,
    );
  if (withVariants.length)
    await writeOptionVariants(
      tx,
      withVariants,
      batch.withVariants.places.map((i) => ids[i]!),
      batch.withVariants.columns,
      updated,
    );
  await tx.execute(sql`select set_config('shop.defer_rollups', 'off', true)`);
  await writeOptionFacetLabels(tx, withVariants, idBySku);
  // A record is the whole truth about its product: its extra images replace the stored ones.
  if (updated.size) await tx.delete(productImages).where(inArray(productImages.productId, [...updated]));
  const extra = part.flatMap((p) =>
    (p.images ?? []).map((img, sort) => ({ productId: idBySku.get(p.sku)!, image: image.get(img)!, sort })),
  );
  if (extra.length) await tx.insert(productImages).values(extra);
  await writeBatchSpecs(tx, part, ids, batch.specs, updated);
}

/**
 * The labels of the batch's option facet keys, as `products_option_rollup` (migration 0018)
 * keeps them: each key named as the batch's last product (by id) that has it names it, written
 * only when new or changed, in key order. The file's (option, value) names are first reduced to
 * their last product in JavaScript, so the database derives keys for a few rows, not for every
 * value of the batch.
 */
async function writeOptionFacetLabels(
  tx: Tx,
  part: ProductIn[],
  idBySku: Map<string, number>,
): Promise<void> {
  const latest = new Map<
    string,
    {
      productId: number;
      option: { ar: string; en: string };
      value: { ar: string; en: string; swatch?: string };
      optionPosition: number;
      valuePosition: number;
    }
  >();
  for (const p of part) {
    const productId = idBySku.get(p.sku)!;
    (p.options ?? []).forEach((o, i) =>
      o.values.forEach((v, j) => {
        const pair = JSON.stringify([o.name.en, v.en]);
        if ((latest.get(pair)?.productId ?? -1) < productId)
          latest.set(pair, {
            productId,
            option: o.name,
            value: v,
            optionPosition: i + 1,
            valuePosition: j + 1,
          });
      }),
    );
  }
  if (latest.size === 0) return;
  const rows = [...latest.values()];
  const list = <R>(value: (row: (typeof rows)[number]) => R) => sql.param(rows.map(value));
  await tx.execute(sql`
    insert into ${optionFacetLabels} as l
      (key, option_ar, option_en, value_ar, value_en, swatch, option_position, value_position)
    select x.key, x.option_ar, x.option_en, x.value_ar, x.value_en, x.swatch, x.option_position, x.value_position
    from (
      select distinct on (key) *
      from (
        select 'o-' || facet_slug(f.option_en) || ':' || facet_slug(f.value_en) as key, f.*
        from unnest(
          ${list((r) => r.productId)}::integer[],
          ${list((r) => r.option.ar)}::text[],
          ${list((r) => r.option.en)}::text[],
          ${list((r) => r.value.ar)}::text[],
          ${list((r) => r.value.en)}::text[],
          ${list((r) => r.value.swatch ?? null)}::text[],
          ${list((r) => r.optionPosition)}::smallint[],
          ${list((r) => r.valuePosition)}::smallint[]
        ) as f(product_id, option_ar, option_en, value_ar, value_en, swatch, option_position, value_position)
      ) named
      order by key, product_id desc
    ) x
    where not exists (
      select 1 from ${optionFacetLabels} o
      where o.key = x.key
        and (o.option_ar, o.option_en, o.value_ar, o.value_en, o.swatch, o.option_position, o.value_position)
          is not distinct from (x.option_ar, x.option_en, x.value_ar, x.value_en, x.swatch, x.option_position, x.value_position)
    )
    order by x.key
    on conflict (key) do update set
      option_ar = excluded.option_ar, option_en = excluded.option_en,
      value_ar = excluded.value_ar, value_en = excluded.value_en, swatch = excluded.swatch,
      option_position = excluded.option_position, value_position = excluded.value_position`);
}

// ---- specifications (decision 195) ----

type CategoryRecord = ParsedCatalog['categories'][number];

/** A file's attribute as the back office's input gives it. */
function attributeInput(a: SpecAttributeRecord): SpecAttributeInput {
  const unit =
    a.unit === undefined
      ? { ar: '', en: '' }
      : typeof a.unit === 'string'
        ? { ar: a.unit, en: a.unit }
        : a.unit;
  return {
    nameAr: a.name.ar,
    nameEn: a.name.en,
    unitAr: unit.ar,
    unitEn: unit.en,
    kind: a.kind,
    choices: (a.choices ?? []).map((c) => ({ valueAr: c.ar, valueEn: c.en })),
  };
}

/**
 * The file's categories that declare `specs` get exactly those attributes, in that order: one
 * of the same English name is kept (and its products' values with it, unless its kind changed),
 * one no longer named is removed with its values.
 */
export async function writeCategorySpecs(tx: Tx, records: CategoryRecord[]): Promise<void> {
  const declaring = records.filter((r) => r.specs);
  if (declaring.length === 0) return;
  const ids = await idsBySlug(
    tx,
    categories,
    declaring.map((r) => r.key),
  );
  for (const record of declaring) {
    const categoryId = ids.get(record.key)!;
    const current = await tx.select().from(specAttributes).where(eq(specAttributes.categoryId, categoryId));
    const byName = new Map(current.map((a) => [a.nameEn.toLowerCase(), a]));
    const wanted = new Set(record.specs!.map((a) => a.name.en.toLowerCase()));
    for (const gone of current.filter((a) => !wanted.has(a.nameEn.toLowerCase())))
      await deleteSpecAttribute(tx, gone.id);
    const choices = current.length
      ? await tx
          .select()
          .from(specChoices)
          .where(
            inArray(
              specChoices.attributeId,
              current.map((a) => a.id),
            ),
          )
          .orderBy(specChoices.sort, specChoices.id)
      : [];
    for (const [sort, a] of record.specs!.entries()) {
      const existing = byName.get(a.name.en.toLowerCase());
      // An attribute the file declares as the shop has it is left alone: writing it again would
      // derive the search text of every product that fills it, in every import.
      if (existing && sameAttribute(existing, sort, choices, attributeInput(a))) continue;
      const id = existing
        ? (await updateSpecAttribute(tx, existing.id, attributeInput(a)))!.after.row.id
        : (await insertSpecAttribute(tx, categoryId, attributeInput(a)))!.row.id;
      await tx.update(specAttributes).set({ sort }).where(eq(specAttributes.id, id));
    }
  }
}

/** Whether an attribute of the shop, at place `sort` with these choices, is as `input` declares. */
function sameAttribute(
  row: typeof specAttributes.$inferSelect,
  sort: number,
  choices: (typeof specChoices.$inferSelect)[],
  input: SpecAttributeInput,
): boolean {
  const own = choices.filter((c) => c.attributeId === row.id);
  return (
    row.sort === sort &&
    row.nameAr === input.nameAr &&
    row.nameEn === input.nameEn &&
    row.unitAr === input.unitAr &&
    row.unitEn === input.unitEn &&
    row.kind === input.kind &&
    own.length === input.choices.length &&
    own.every(
      (c, i) =>
        c.sort === i && c.valueAr === input.choices[i]!.valueAr && c.valueEn === input.choices[i]!.valueEn,
    )
  );
}

/** Attributes by lower-cased English name, each with its kind and choices. */
type AttributesByName = Map<
  string,
  { id: number; kind: SpecKind; choices: { id: number; valueAr: string; valueEn: string }[] }
>;

/** The shop's attributes of these categories (by id), by lower-cased English name. */
async function shopAttributes(db: Db | Tx, categoryIds: number[]): Promise<Map<number, AttributesByName>> {
  const byCategory = new Map<number, AttributesByName>();
  if (categoryIds.length === 0) return byCategory;
  const rows = await db.select().from(specAttributes).where(inArray(specAttributes.categoryId, categoryIds));
  const choices =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(specChoices)
          .where(
            inArray(
              specChoices.attributeId,
              rows.map((r) => r.id),
            ),
          );
  for (const r of rows) {
    const map = byCategory.get(r.categoryId) ?? new Map();
    map.set(r.nameEn.toLowerCase(), {
      id: r.id,
      kind: r.kind,
      choices: choices.filter((c) => c.attributeId === r.id),
    });
    byCategory.set(r.categoryId, map);
  }
  return byCategory;
}

const VALUE_PROBLEMS = {
  number: 'must be a number',
  choice: 'must be one of the specification’s values',
  text: 'must be text in both languages ({ "ar", "en" }) or one text for both',
} as const;

/**
 * Each product value whose attribute its category does not have (in the file's `specs` when
 * the category declares them there, else in the shop), or that does not fit its kind.
 */
export async function specIssues(
  db: Db | Tx,
  data: ParsedCatalog,
): Promise<{ index: number; field: string; message: string }[]> {
  const withSpecs = data.products.map((p, index) => ({ p, index })).filter(({ p }) => p.specs);
  if (withSpecs.length === 0) return [];
  const declared = new Map<string, AttributesByName>();
  for (const c of data.categories)
    if (c.specs)
      declared.set(
        c.key,
        new Map(
          c.specs.map((a, i) => [
            a.name.en.toLowerCase(),
            {
              id: -1 - i,
              kind: a.kind,
              choices: (a.choices ?? []).map((ch, j) => ({ id: -1 - j, valueAr: ch.ar, valueEn: ch.en })),
            },
          ]),
        ),
      );
  const fromShop = withSpecs.map(({ p }) => p.category).filter((k) => !declared.has(k));
  const ids = await knownGroupIds(db, fromShop);
  const inShop = await shopAttributes(db, [...new Set(ids.values())]);
  const issues: { index: number; field: string; message: string }[] = [];
  for (const { p, index } of withSpecs) {
    const attributes = declared.get(p.category) ?? inShop.get(ids.get(p.category) ?? -1) ?? new Map();
    for (const [name, value] of Object.entries(p.specs!)) {
      const attribute = attributes.get(name.toLowerCase());
      const field = `specs.${name}`;
      if (!attribute) {
        issues.push({
          index,
          field,
          message: `category ${JSON.stringify(p.category)} has no specification ${JSON.stringify(name)}`,
        });
        continue;
      }
      const checked = specValueOf({ row: { kind: attribute.kind }, choices: attribute.choices }, value, {
        choiceIds: false,
      });
      if (!checked.ok) issues.push({ index, field, message: VALUE_PROBLEMS[checked.problem] });
    }
  }
  return issues;
}

async function knownGroupIds(db: Db | Tx, keys: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db
      .select({ id: categories.id, slug: categories.slug })
      .from(categories)
      .where(inArray(categories.slug, part));
    for (const r of rows) ids.set(r.slug, r.id);
  }
  return ids;
}

/** A specification value of the batch's `n`-th product (from 1), as stored. */
type BatchSpecValue = StoredSpecValue & { n: number; attributeId: number };

/**
 * The values of a batch's products that carry `specs` (checked by `specIssues`), each as it is
 * stored: by its attribute in the product's category, empty values left out.
 */
function batchSpecValues(
  part: ParsedCatalog['products'],
  categoryIds: Map<string, number>,
  attributes: Map<number, AttributesByName>,
): BatchSpecValue[] {
  return part.flatMap((p, i) => {
    if (!p.specs) return [];
    const byName = attributes.get(categoryIds.get(p.category)!) ?? new Map();
    return Object.entries(p.specs).flatMap(([name, value]) => {
      const attribute = byName.get(name.toLowerCase());
      if (!attribute) return [];
      const checked = specValueOf({ row: { kind: attribute.kind }, choices: attribute.choices }, value, {
        choiceIds: false,
      });
      return checked.ok && checked.value ? [{ n: i + 1, attributeId: attribute.id, ...checked.value }] : [];
    });
  });
}

/** A batch's specification values as array literals, each with its product's place in the batch. */
interface SpecColumns {
  product: number[];
  attributeId: string;
  numberValue: string;
  choiceId: string;
  textAr: string;
  textEn: string;
}

function specColumns(values: BatchSpecValue[]): SpecColumns {
  const list = (value: (r: BatchSpecValue) => string | number | null) => arrayLiteral(values.map(value));
  return {
    product: values.map((r) => r.n - 1),
    attributeId: list((r) => r.attributeId),
    numberValue: list((r) => r.numberValue),
    choiceId: list((r) => r.choiceId),
    textAr: list((r) => r.textAr),
    textEn: list((r) => r.textEn),
  };
}

/**
 * The values of a batch's products that carry `specs`: exactly those. Every product of the
 * batch then keeps only values of its own category's attributes.
 */
async function writeBatchSpecs(
  tx: Tx,
  part: ParsedCatalog['products'],
  ids: number[],
  values: SpecColumns,
  updated: Set<number>,
): Promise<void> {
  const withSpecs = ids.filter((_, i) => part[i]!.specs);
  if (withSpecs.length) {
    const replaced = withSpecs.filter((id) => updated.has(id));
    if (replaced.length) await tx.delete(productSpecs).where(inArray(productSpecs.productId, replaced));
    if (values.product.length)
      await tx.execute(sql`
        insert into ${productSpecs} (product_id, attribute_id, number_value, choice_id, text_ar, text_en)
        select * from unnest(
          ${sql.param(values.product.map((i) => ids[i]!))}::integer[],
          ${sql.param(values.attributeId)}::integer[],
          ${sql.param(values.numberValue)}::double precision[],
          ${sql.param(values.choiceId)}::integer[],
          ${sql.param(values.textAr)}::text[],
          ${sql.param(values.textEn)}::text[]
        )`);
  }
  // The text and keys of the values the file gives were written with the product rows; those of
  // products the file gives none for, or that lost values outside their category, are derived.
  // A new product has only the values just written, of its category, and its row has their text.
  const dropped = new Set(await deleteSpecsOutsideCategory(tx, [...updated]));
  part.forEach((p, i) => {
    if (!p.specs && updated.has(ids[i]!)) dropped.add(ids[i]!);
  });
  await refreshSpecSearch(tx, [...dropped]);
}
