import {
  halalasToSar,
  type AdminProduct,
  type ProductOptionsInput,
  type ProductVariantsInput,
} from '@shop/contract';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, conflict } from '../../lib/errors.ts';
import { liveOffer } from './offers.ts';
import { productImages, productOptions, productOptionValues, products, productVariants } from './schema.ts';

/**
 * Options and variants as the back office edits them. The catalog module owns these tables; the
 * use cases (use-cases/catalog-admin) lock the product, call these, and write the audit entry.
 */

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

/** Whether an order line names each variant (order lines live in the orders module's table). */
async function orderedVariants(db: Db | Tx, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.execute<{ variant_id: number }>(
    sql`select distinct variant_id from order_lines where variant_id = any(${sql.param(ids)}::integer[])`,
  );
  return new Set((rows as unknown as { rows: { variant_id: number }[] }).rows.map((r) => r.variant_id));
}

/** The product's options with their values, and all its variants (hidden ones too), in order. */
export async function adminOptionsAndVariants(
  db: Db | Tx,
  productId: number,
): Promise<Pick<AdminProduct, 'options' | 'variants'>> {
  const [optionRows, valueRows, variantRows] = await Promise.all([
    db
      .select()
      .from(productOptions)
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptions.position)),
    db
      .select({ value: productOptionValues })
      .from(productOptionValues)
      .innerJoin(productOptions, eq(productOptions.id, productOptionValues.optionId))
      .where(eq(productOptions.productId, productId))
      .orderBy(asc(productOptionValues.position)),
    variantsOf(db, productId),
  ]);
  const ordered = await orderedVariants(
    db,
    variantRows.map((v) => v.id),
  );
  return {
    options: optionRows.map((o) => ({
      id: o.id,
      nameAr: o.nameAr,
      nameEn: o.nameEn,
      kind: o.kind,
      values: valueRows
        .filter((r) => r.value.optionId === o.id)
        .map(({ value }) => ({
          id: value.id,
          nameAr: value.nameAr,
          nameEn: value.nameEn,
          swatch: value.swatch,
        })),
    })),
    variants: variantRows.map((v) => ({
      id: v.id,
      sku: v.sku,
      barcode: v.barcode,
      valueIds: [v.value1Id, v.value2Id, v.value3Id].slice(0, optionRows.length),
      price: halalasToSar(v.priceHalalas),
      // The offer planned with dates, or else the one live without any (as an import leaves it,
      // and as the product's own offer is shown): the grid shows what the shop sells at, and
      // saving the grid keeps it.
      offerPrice:
        (v.offerPlannedHalalas ?? v.offerPriceHalalas) === null
          ? null
          : halalasToSar((v.offerPlannedHalalas ?? v.offerPriceHalalas)!),
      stock: v.stock,
      image: v.image,
      hidden: v.hidden,
      ordered: ordered.has(v.id),
    })),
  };
}

function variantsOf(db: Db | Tx, productId: number): Promise<VariantRow[]> {
  return db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position), asc(productVariants.id));
}

/** A SKU for a new variant: the product's SKU and the values' English names, made unique. */
async function freeSku(tx: Tx, base: string, taken: Set<string>): Promise<string> {
  const clean =
    base
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 56) || 'V';
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? clean : `${clean}-${n}`;
    if (taken.has(candidate.toLowerCase())) continue;
    const [row] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(sql`lower(${productVariants.sku}) = ${candidate.toLowerCase()}`)
      .limit(1);
    const [product] = await tx
      .select({ id: products.id })
      .from(products)
      .where(sql`lower(${products.sku}) = ${candidate.toLowerCase()}`)
      .limit(1);
    if (!row && !product) {
      taken.add(candidate.toLowerCase());
      return candidate;
    }
  }
}

/**
 * Replaces the product's options (see productOptionsSchema): values are matched to the ones the
 * product has by the option's place and the value's English name, so their variants keep their
 * SKU, prices and stock. A new option gives the existing variants its first value. Variants left
 * without a value, or with the same combination as an earlier one, are deleted, or hidden when
 * an order names them. Then every combination no variant has gets one, at the default
 * variant's price, with no stock.
 */
export async function replaceOptions(
  tx: Tx,
  product: ProductRow,
  input: ProductOptionsInput,
  /** Its options as they are (read for the audit entry already). */
  before: Pick<AdminProduct, 'options'>,
  now = new Date(),
): Promise<void> {
  const productId = product.id;
  const variants = await variantsOf(tx, productId);

  // Where each value that stays goes: old value id -> [option index, value index].
  const moved = new Map<number, [number, number]>();
  input.options.forEach((option, i) => {
    const old = before.options[i];
    if (!old) return;
    option.values.forEach((value, j) => {
      const match = old.values.find((v) => v.nameEn.toLowerCase() === value.nameEn.toLowerCase());
      if (match) moved.set(match.id, [i, j]);
    });
  });

  // The visible variants' new combinations (as value indexes); the ones that cannot keep theirs.
  const seen = new Set<string>();
  const kept: { variant: VariantRow; combo: number[] }[] = [];
  const dropped: VariantRow[] = [];
  for (const variant of variants) {
    if (variant.hidden) continue;
    const oldIds = [variant.value1Id, variant.value2Id, variant.value3Id];
    const combo = input.options.map((_, i) => {
      if (!before.options[i]) return 0; // a new option: its first value
      const to = oldIds[i] === null ? undefined : moved.get(oldIds[i]!);
      return to && to[0] === i ? to[1] : -1;
    });
    const key = combo.join(',');
    if (combo.includes(-1) || seen.has(key)) dropped.push(variant);
    else {
      seen.add(key);
      kept.push({ variant, combo });
    }
  }
  const ordered = await orderedVariants(
    tx,
    dropped.map((v) => v.id),
  );
  const toHide = dropped.filter((v) => ordered.has(v.id)).map((v) => v.id);
  const toDelete = dropped.filter((v) => !ordered.has(v.id)).map((v) => v.id);
  // Out of the combination index while their values change: shown again below.
  const keptIds = kept.map((k) => k.variant.id);
  if (keptIds.length || toHide.length)
    await tx
      .update(productVariants)
      .set({ hidden: true })
      .where(inArray(productVariants.id, [...keptIds, ...toHide]));
  if (toDelete.length) await tx.delete(productVariants).where(inArray(productVariants.id, toDelete));

  // Options and values: updated in place where they stay (an option keeps its place; values are
  // moved out of the way of their unique positions first), inserted where new, deleted where gone.
  const optionIds: number[] = [];
  const valueIds: number[][] = [];
  await tx.execute(sql`update ${productOptionValues} set position = position + 1000
    where option_id in (select id from ${productOptions} where product_id = ${productId})`);
  for (const [i, option] of input.options.entries()) {
    const old = before.options[i];
    let optionId: number;
    const fields = { position: i + 1, nameAr: option.nameAr, nameEn: option.nameEn, kind: option.kind };
    if (old) {
      await tx.update(productOptions).set(fields).where(eq(productOptions.id, old.id));
      optionId = old.id;
    } else {
      const [row] = await tx
        .insert(productOptions)
        .values({ productId, ...fields })
        .returning({ id: productOptions.id });
      optionId = row!.id;
    }
    optionIds.push(optionId);
    const ids: number[] = [];
    for (const [j, value] of option.values.entries()) {
      const match = old?.values.find((v) => v.nameEn.toLowerCase() === value.nameEn.toLowerCase());
      const valueFields = {
        position: j + 1,
        nameAr: value.nameAr,
        nameEn: value.nameEn,
        swatch: option.kind === 'colour' ? value.swatch : null,
      };
      if (match) {
        await tx.update(productOptionValues).set(valueFields).where(eq(productOptionValues.id, match.id));
        ids.push(match.id);
      } else {
        const [row] = await tx
          .insert(productOptionValues)
          .values({ optionId, ...valueFields })
          .returning({ id: productOptionValues.id });
        ids.push(row!.id);
      }
    }
    await tx
      .delete(productOptionValues)
      .where(and(eq(productOptionValues.optionId, optionId), notInArray(productOptionValues.id, ids)));
    valueIds.push(ids);
  }
  await tx
    .delete(productOptions)
    .where(
      optionIds.length
        ? and(eq(productOptions.productId, productId), notInArray(productOptions.id, optionIds))
        : eq(productOptions.productId, productId),
    );

  const idsOf = (combo: number[]) => ({
    value1Id: combo[0] === undefined ? null : valueIds[0]![combo[0]]!,
    value2Id: combo[1] === undefined ? null : valueIds[1]![combo[1]]!,
    value3Id: combo[2] === undefined ? null : valueIds[2]![combo[2]]!,
  });
  for (const { variant, combo } of kept)
    await tx
      .update(productVariants)
      .set({ ...idsOf(combo), hidden: false, updatedAt: now })
      .where(eq(productVariants.id, variant.id));

  // Every combination no variant has yet.
  const combos: number[][] = input.options.reduce<number[][]>(
    (all, option) => all.flatMap((c) => option.values.map((_, j) => [...c, j])),
    [[]],
  );
  const template = kept[0]?.variant ?? variants.find((v) => !v.hidden) ?? variants[0];
  const price = template?.priceHalalas ?? product.priceHalalas;
  const taken = new Set<string>();
  let position = Math.max(0, ...variants.map((v) => v.position)) + 1;
  const fresh = [];
  for (const combo of combos) {
    if (seen.has(combo.join(','))) continue;
    const names = combo.map((j, i) => input.options[i]!.values[j]!.nameEn);
    fresh.push({
      productId,
      position: position++,
      sku: await freeSku(tx, [product.sku, ...names].join('-'), taken),
      ...idsOf(combo),
      priceHalalas: price,
      stock: 0,
    });
  }
  if (fresh.length) await tx.insert(productVariants).values(fresh);
  // The variants' order follows the combinations' (the first is the product's default).
  const order = new Map(combos.map((c, i) => [c.join(','), i]));
  const all = await variantsOf(tx, productId);
  const valueIndex = (id: number | null, i: number) => (id === null ? -1 : (valueIds[i]?.indexOf(id) ?? -1));
  for (const v of all) {
    if (v.hidden) continue;
    const key = input.options
      .map((_, i) => valueIndex([v.value1Id, v.value2Id, v.value3Id][i]!, i))
      .join(',');
    const at = order.get(key);
    if (at !== undefined && at !== v.position)
      await tx.update(productVariants).set({ position: at }).where(eq(productVariants.id, v.id));
  }
}

/**
 * Saves the variants grid: SKU, barcode, price, planned offer (live under the product's offer
 * dates), stock, image and hidden for every variant of the product. 409 VARIANTS_MISMATCH when
 * the rows are not exactly the product's variants (changed since the page was opened), 409
 * SKU_TAKEN for a SKU another product uses, 409 VARIANT_COMBINATION_TAKEN when a hidden variant
 * is shown while a visible one has its combination, 400 VARIANT_LAST_VISIBLE when all are hidden.
 */
export async function saveVariants(
  tx: Tx,
  product: ProductRow,
  input: ProductVariantsInput,
  now = new Date(),
): Promise<void> {
  const variants = await variantsOf(tx, product.id);
  const ids = new Set(variants.map((v) => v.id));
  if (input.variants.length !== variants.length || input.variants.some((v) => !ids.has(v.id)))
    throw new AppError(409, 'VARIANTS_MISMATCH');
  const skus = new Map<string, number>();
  input.variants.forEach((v, i) => {
    const key = v.sku.toLowerCase();
    if (skus.has(key))
      throw new AppError(400, 'VARIANT_SKU_DUPLICATE', [
        { path: `variants.${i}.sku`, code: 'VARIANT_SKU_DUPLICATE' },
      ]);
    skus.set(key, i);
  });
  const takenElsewhere = await tx
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(
      and(
        sql`lower(${productVariants.sku}) = any(${sql.param([...skus.keys()])}::text[])`,
        sql`${productVariants.productId} <> ${product.id}`,
      ),
    );
  const otherProducts = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(
        sql`lower(${products.sku}) = any(${sql.param([...skus.keys()])}::text[])`,
        sql`${products.id} <> ${product.id}`,
      ),
    );
  const clash = [...takenElsewhere, ...otherProducts][0];
  if (clash) {
    const i = skus.get(clash.sku.toLowerCase())!;
    throw conflict('SKU_TAKEN', `variants.${i}.sku`);
  }
  if (input.variants.every((v) => v.hidden)) throw new AppError(400, 'VARIANT_LAST_VISIBLE');
  const images = new Set([
    product.image,
    ...(
      await tx
        .select({ image: productImages.image })
        .from(productImages)
        .where(eq(productImages.productId, product.id))
    ).map((r) => r.image),
  ]);
  input.variants.forEach((v, i) => {
    if (v.image !== null && !images.has(v.image))
      throw new AppError(400, 'VARIANT_IMAGE_UNKNOWN', [
        { path: `variants.${i}.image`, code: 'VARIANT_IMAGE_UNKNOWN' },
      ]);
  });
  // Visible combinations must stay unique: checked here to name the row, and by the index.
  const byCombination = new Map<string, number>();
  const valuesOf = new Map(variants.map((v) => [v.id, `${v.value1Id},${v.value2Id},${v.value3Id}`]));
  input.variants.forEach((v, i) => {
    if (v.hidden) return;
    const key = valuesOf.get(v.id)!;
    if (byCombination.has(key))
      throw new AppError(409, 'VARIANT_COMBINATION_TAKEN', [
        { path: `variants.${i}.hidden`, code: 'VARIANT_COMBINATION_TAKEN' },
      ]);
    byCombination.set(key, i);
  });
  // SKUs may be swapped between rows: each row gets a placeholder first.
  await tx
    .update(productVariants)
    .set({ sku: sql`'~' || ${productVariants.id}::text`, hidden: true })
    .where(eq(productVariants.productId, product.id));
  for (const v of input.variants)
    await tx
      .update(productVariants)
      .set({
        sku: v.sku,
        barcode: v.barcode,
        priceHalalas: v.price,
        offerPlannedHalalas: v.offerPrice,
        offerPriceHalalas: liveOffer(v.offerPrice, product.offerStartsAt, product.offerEndsAt, now),
        stock: v.stock,
        image: v.image,
        hidden: v.hidden,
        updatedAt: now,
      })
      .where(eq(productVariants.id, v.id));
  // A product without options keeps its SKU the same as its one variant's.
  if (variants.length === 1 && input.variants[0]!.sku !== product.sku)
    await tx.update(products).set({ sku: input.variants[0]!.sku }).where(eq(products.id, product.id));
}
