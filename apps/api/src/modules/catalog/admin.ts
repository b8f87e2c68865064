import {
  halalasToSar,
  LOW_STOCK_UNITS,
  MAX_PRODUCT_IMAGES,
  type AdminProduct,
  type AdminProductRow,
  type AdminProductPage,
  type AdminProductsQuery,
  type Lang,
  type ProductInput,
  type ProductsBulk,
  type ProductSort,
  type ProductSpecsInput,
  type ProductUpdate,
} from '@shop/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { categories, companies, productImages, productOptions, products, productVariants } from './schema.ts';
import { AppError, badRequest, conflict, pgErrorCode } from '../../lib/errors.ts';
import { liveOffer } from './offers.ts';
import { adminOptionsAndVariants } from './variant-admin.ts';
import { dropSpecsOutsideCategory, setProductSpecValues, specsAuditView } from './specs.ts';
import type { StaffSearch } from './staff-search.ts';

/*
 * The back office's products: the list and the editor's reads, and the changes to products and
 * their images. Each change is made inside the transaction it is given (`tx`) and changes the
 * catalog's tables only; it answers the rows before and after, and null when the product is not
 * there. The use cases (use-cases/catalog-admin/) open the transaction, record the audit entry
 * with `productAuditView`, and publish on the change bus once it has committed.
 */

export type ProductRow = typeof products.$inferSelect;

const productColumns = {
  row: products,
  categoryNameAr: categories.nameAr,
  categoryNameEn: categories.nameEn,
  brandNameAr: companies.nameAr,
  brandNameEn: companies.nameEn,
};

function selectAdminProducts(db: Db | Tx) {
  return db
    .select(productColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(companies, eq(companies.id, products.companyId));
}

type JoinedRow = Awaited<ReturnType<typeof selectAdminProducts>>[number];

async function extraImages(db: Db | Tx, ids: number[]): Promise<Map<number, string[]>> {
  const byProduct = new Map<number, string[]>();
  if (ids.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productImages.productId, image: productImages.image })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  for (const r of rows) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.image]);
  return byProduct;
}

function present(joined: JoinedRow, extras: string[]): AdminProductRow {
  const p = joined.row;
  const offer = p.offerPlannedHalalas ?? p.offerPriceHalalas;
  return {
    id: p.id,
    sku: p.sku,
    nameAr: p.nameAr,
    nameEn: p.nameEn,
    descriptionAr: p.descriptionAr,
    descriptionEn: p.descriptionEn,
    price: halalasToSar(p.priceHalalas),
    offerPrice: offer === null ? null : halalasToSar(offer),
    offerStartsAt: p.offerStartsAt?.toISOString() ?? null,
    offerEndsAt: p.offerEndsAt?.toISOString() ?? null,
    offerLive: p.offerPriceHalalas !== null,
    stock: p.stock,
    categoryId: p.categoryId,
    categoryNameAr: joined.categoryNameAr,
    categoryNameEn: joined.categoryNameEn,
    brandId: p.companyId,
    brandNameAr: joined.brandNameAr,
    brandNameEn: joined.brandNameEn,
    featured: p.featured,
    hidden: p.hidden,
    images: [p.image, ...extras].filter((i) => i !== ''),
    unitsSold: p.unitsSold,
    version: p.version,
    updatedAt: p.updatedAt.toISOString(),
    variantCount: p.variantCount,
  };
}

/** What the audit log keeps of a product: what staff edit, never derived columns. */
export function productAuditView(p: ProductRow, extras?: string[]) {
  return {
    sku: p.sku,
    nameAr: p.nameAr,
    nameEn: p.nameEn,
    descriptionAr: p.descriptionAr,
    descriptionEn: p.descriptionEn,
    priceHalalas: p.priceHalalas,
    offerPriceHalalas: p.offerPriceHalalas,
    offerPlannedHalalas: p.offerPlannedHalalas,
    offerStartsAt: p.offerStartsAt?.toISOString() ?? null,
    offerEndsAt: p.offerEndsAt?.toISOString() ?? null,
    stock: p.stock,
    categoryId: p.categoryId,
    brandId: p.companyId,
    featured: p.featured,
    hidden: p.hidden,
    ...(extras && { images: [p.image, ...extras] }),
  };
}

/** A product as the back office edits it; null when there is none. */
export async function adminProduct(db: Db | Tx, id: number): Promise<AdminProduct | null> {
  const [row] = await selectAdminProducts(db).where(eq(products.id, id));
  if (!row) return null;
  const [extras, variants] = await Promise.all([extraImages(db, [id]), adminOptionsAndVariants(db, id)]);
  return { ...present(row, extras.get(id) ?? []), ...variants };
}

const sortOrder = (sort: ProductSort, lang: Lang): SQL[] => {
  const name = lang === 'en' ? products.nameEn : products.nameAr;
  switch (sort) {
    case 'oldest':
      return [asc(products.id)];
    case 'name':
      return [asc(name), asc(products.id)];
    case 'price_asc':
      return [asc(products.effectivePriceHalalas), asc(products.id)];
    case 'price_desc':
      return [desc(products.effectivePriceHalalas), desc(products.id)];
    case 'stock_asc':
      return [asc(products.stock), asc(products.id)];
    case 'stock_desc':
      return [desc(products.stock), desc(products.id)];
    case 'newest':
      return [desc(products.id)];
  }
};

/**
 * One page of the back office's product list. Words are matched by the storefront's search
 * rules on every product, hidden ones included (`search`: staff-search.ts), bounded as the
 * storefront's search is; filters and the sort apply within them.
 */
export async function listAdminProducts(
  db: Db,
  search: StaffSearch,
  query: AdminProductsQuery,
  lang: Lang,
): Promise<AdminProductPage> {
  const filters: (SQL | undefined)[] = [];
  if (query.q) {
    const ids = await search.rankedIds(query.q);
    if (ids.length === 0) return { items: [], page: query.page, pageSize: query.pageSize, total: 0 };
    filters.push(inArray(products.id, ids));
  }
  if (query.categoryId !== undefined) filters.push(eq(products.categoryId, query.categoryId));
  if (query.brandId !== undefined) filters.push(eq(products.companyId, query.brandId));
  if (query.stock === 'in') filters.push(sql`${products.stock} > 0`);
  if (query.stock === 'out') filters.push(eq(products.stock, 0));
  if (query.stock === 'low') filters.push(sql`${products.stock} between 1 and ${LOW_STOCK_UNITS}`);
  if (query.offer === 'true')
    filters.push(or(isNotNull(products.offerPriceHalalas), isNotNull(products.offerPlannedHalalas)));
  if (query.visibility === 'hidden') filters.push(eq(products.hidden, true));
  if (query.visibility === 'visible') filters.push(eq(products.hidden, false));
  const where = and(...filters);
  const [counted] = await db.select({ n: count() }).from(products).where(where);
  const total = counted?.n ?? 0;
  const rows =
    total === 0
      ? []
      : await selectAdminProducts(db)
          .where(where)
          .orderBy(...sortOrder(query.sort, lang))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize);
  const extras = await extraImages(
    db,
    rows.map((r) => r.row.id),
  );
  return {
    items: rows.map((r) => present(r, extras.get(r.row.id) ?? [])),
    page: query.page,
    pageSize: query.pageSize,
    total,
  };
}

async function checkGroups(tx: Tx, input: Pick<ProductInput, 'categoryId' | 'brandId'>) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw badRequest('CATEGORY_NOT_FOUND', 'categoryId');
  const [brand] = await tx
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, input.brandId));
  if (!brand) throw badRequest('BRAND_NOT_FOUND', 'brandId');
}

/** 409 SKU_TAKEN when another product, or a variant of another product, has the SKU. */
async function checkSku(tx: Tx, sku: string, exceptId?: number) {
  const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (taken && taken.id !== exceptId) throw conflict('SKU_TAKEN', 'sku');
  const [variant] = await tx
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.sku, sku));
  if (variant && variant.productId !== exceptId) throw conflict('SKU_TAKEN', 'sku');
}

/**
 * The offer's dates. Without options they go with the editor's offer price (no offer, no
 * dates); with options each variant plans its own offer price and the dates apply to them all.
 */
function offerDates(input: ProductInput, byOptions = false) {
  const dated = byOptions || input.offerPrice !== null;
  return {
    offerStartsAt: dated && input.offerStartsAt ? new Date(input.offerStartsAt) : null,
    offerEndsAt: dated && input.offerEndsAt ? new Date(input.offerEndsAt) : null,
  };
}

function editableValues(input: ProductInput, byOptions = false) {
  return {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    descriptionAr: input.descriptionAr,
    descriptionEn: input.descriptionEn,
    ...offerDates(input, byOptions),
    categoryId: input.categoryId,
    companyId: input.brandId,
    featured: input.featured,
    hidden: input.hidden,
  };
}

/** The editor's price, offer and stock, as the one variant of a product without options holds them. */
function saleValues(input: ProductInput, now: Date) {
  const { offerStartsAt, offerEndsAt } = offerDates(input);
  return {
    priceHalalas: input.price,
    offerPlannedHalalas: input.offerPrice,
    offerPriceHalalas: liveOffer(input.offerPrice, offerStartsAt, offerEndsAt, now),
    stock: input.stock,
  };
}

/** True when the product is sold by options (its prices and stock are its variants'). */
export async function hasOptions(tx: Db | Tx, productId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: productOptions.id })
    .from(productOptions)
    .where(eq(productOptions.productId, productId))
    .limit(1);
  return row !== undefined;
}

/**
 * A live offer from a planned one and offer dates (columns or values): the plan while the dates
 * hold, none outside them.
 */
function liveOfferOf(
  planned: AnyPgColumn,
  startsAt: AnyPgColumn | Date | null,
  endsAt: AnyPgColumn | Date | null,
  now: Date,
) {
  const at = now.toISOString();
  const date = (d: AnyPgColumn | Date | null) =>
    d instanceof Date
      ? sql`${d.toISOString()}::timestamptz`
      : d === null
        ? sql`null::timestamptz`
        : sql`${d}`;
  return sql`case when (${date(startsAt)} is null or ${date(startsAt)} <= ${at}::timestamptz)
    and (${date(endsAt)} is null or ${date(endsAt)} > ${at}::timestamptz)
    then ${planned} end`;
}

/** Each variant's live offer under its product's offer dates. */
const liveVariantOffer = (now: Date) =>
  liveOfferOf(productVariants.offerPlannedHalalas, products.offerStartsAt, products.offerEndsAt, now);

const newSku = () => `P-${randomBytes(5).toString('hex').toUpperCase()}`;

/**
 * A new product with its first image (already stored). 400 when its category or brand does not
 * exist, 409 SKU_TAKEN when another product has its SKU.
 */
export async function insertProduct(
  tx: Tx,
  input: ProductInput,
  image: string,
  now = new Date(),
): Promise<ProductRow> {
  await checkGroups(tx, input);
  const sku = input.sku ?? newSku();
  await checkSku(tx, sku);
  const sale = saleValues(input, now);
  const [row] = await tx
    .insert(products)
    .values({ ...editableValues(input), ...sale, sku, image })
    .returning();
  // A new product has no options: one variant, with the product's SKU, prices and stock.
  await tx.insert(productVariants).values({ productId: row!.id, sku, ...sale });
  const [fresh] = await tx.select().from(products).where(eq(products.id, row!.id));
  return fresh!;
}

/** The product, locked for this transaction; null when there is none. */
export async function lockProduct(tx: Tx, id: number): Promise<ProductRow | null> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  return row ?? null;
}

/**
 * The product, locked for this transaction, at the version the change was made from: null when
 * there is none, 409 PRODUCT_VERSION_CONFLICT when another change came first.
 */
async function lockAtVersion(tx: Tx, id: number, version: number): Promise<ProductRow | null> {
  const row = await lockProduct(tx, id);
  if (row && row.version !== version) throw new AppError(409, 'PRODUCT_VERSION_CONFLICT');
  return row;
}

/** A change's product as it was and as it is now. */
export interface ProductChange {
  before: ProductRow;
  after: ProductRow;
}

/** Saves the editor's fields, from the version they were read at; null when there is no such product. */
export async function updateProduct(
  tx: Tx,
  id: number,
  input: ProductUpdate,
  now = new Date(),
): Promise<ProductChange | null> {
  const before = await lockAtVersion(tx, id, input.version);
  if (!before) return null;
  await checkGroups(tx, input);
  if (input.sku !== undefined) await checkSku(tx, input.sku, id);
  // The variants first: the product row's prices and stock follow them (by trigger) and are
  // returned fresh by the product's update below.
  const byOptions = await hasOptions(tx, id);
  if (byOptions) {
    // Prices and stock are the variants' (edited in their grid); the new offer dates apply to them.
    const { offerStartsAt, offerEndsAt } = offerDates(input, true);
    await tx
      .update(productVariants)
      .set({
        offerPriceHalalas: liveOfferOf(productVariants.offerPlannedHalalas, offerStartsAt, offerEndsAt, now),
      })
      .where(eq(productVariants.productId, id));
  } else {
    await tx
      .update(productVariants)
      .set({ ...saleValues(input, now), ...(input.sku !== undefined && { sku: input.sku }), updatedAt: now })
      .where(eq(productVariants.productId, id));
  }
  const [after] = await tx
    .update(products)
    .set({
      ...editableValues(input, byOptions),
      ...(input.sku !== undefined && { sku: input.sku }),
      version: before.version + 1,
      updatedAt: now,
    })
    .where(eq(products.id, id))
    .returning();
  // Values of the old category's attributes have no place in the new one (decision 195).
  if (after!.categoryId !== before.categoryId) await dropSpecsOutsideCategory(tx, [id]);
  return { before, after: after! };
}

/** The product (locked, changed) at its next version: what saving from the one before it now meets. */
async function nextVersion(tx: Tx, row: ProductRow): Promise<ProductRow> {
  const [after] = await tx
    .update(products)
    .set({ version: row.version + 1, updatedAt: sql`now()` })
    .where(eq(products.id, row.id))
    .returning();
  return after!;
}

/**
 * A change to the product's options or variants (variant-admin.ts), from the version it was
 * made from: the product locked, changed (given its options and variants as they are), and its
 * version bumped; null when there is none. Answers the options and variants before and after,
 * for the audit log.
 */
export async function changeOptionsOrVariants(
  tx: Tx,
  id: number,
  version: number,
  change: (product: ProductRow, was: Pick<AdminProduct, 'options' | 'variants'>) => Promise<void>,
) {
  const before = await lockAtVersion(tx, id, version);
  if (!before) return null;
  const was = await adminOptionsAndVariants(tx, id);
  await change(before, was);
  const after = await nextVersion(tx, before);
  return { before: was, after: await adminOptionsAndVariants(tx, id), product: after };
}

/** A change to a product's specification values, as the audit log keeps them. */
export interface ProductSpecsChange {
  before: Record<string, string>;
  after: Record<string, string>;
}

/**
 * Sets some of a product's specification values, from the version its editor showed (409
 * PRODUCT_VERSION_CONFLICT when another change came first); null when there is no such product.
 */
export async function updateProductSpecs(
  tx: Tx,
  id: number,
  input: ProductSpecsInput,
  lang: Lang,
): Promise<ProductSpecsChange | null> {
  const row = await lockAtVersion(tx, id, input.version);
  if (!row) return null;
  const before = await specsAuditView(tx, id);
  await setProductSpecValues(tx, row, input.values, lang);
  await nextVersion(tx, row);
  return { before, after: await specsAuditView(tx, id) };
}

/** Takes a product (locked by `lockProduct`) off the shop, keeping it for the orders that name it. */
export async function hideProduct(tx: Tx, row: ProductRow): Promise<ProductRow> {
  const [after] = await tx
    .update(products)
    .set({ hidden: true, version: row.version + 1, updatedAt: sql`now()` })
    .where(eq(products.id, row.id))
    .returning();
  return after!;
}

/** Deletes a product; its cart lines and extra images go with it (their foreign keys cascade). */
export async function deleteProduct(tx: Tx, id: number): Promise<void> {
  await tx.delete(products).where(eq(products.id, id));
}

/** A change to a product's images: the product after it, and its images before and after. */
export interface ProductImagesChange {
  after: ProductRow;
  images: { before: string[]; after: string[] };
}

/**
 * Appends an uploaded image (already stored) to the product's images: null when there is no
 * such product, 409 when it changed since `version` or has all the images it may have.
 */
export async function addProductImage(
  tx: Tx,
  id: number,
  version: number,
  image: string,
): Promise<ProductImagesChange | null> {
  const before = await lockAtVersion(tx, id, version);
  if (!before) return null;
  const extras = (await extraImages(tx, [id])).get(id) ?? [];
  if (extras.length + 1 >= MAX_PRODUCT_IMAGES) throw conflict('PRODUCT_IMAGES_FULL');
  if (before.image === '') await tx.update(products).set({ image }).where(eq(products.id, id));
  else await tx.insert(productImages).values({ productId: id, image, sort: extras.length });
  const after = await nextVersion(tx, before);
  return {
    after,
    images: {
      before: [before.image, ...extras],
      after: [after.image, ...extras, ...(before.image === '' ? [] : [image])],
    },
  };
}

/**
 * Sets the product's images to `images`, in that order (the first is the main image). Only
 * images the product already has may be named; one left out is removed from the product. Its
 * file stays: an order placed earlier still shows it. Null when there is no such product.
 */
export async function setProductImages(
  tx: Tx,
  id: number,
  version: number,
  images: string[],
): Promise<ProductImagesChange | null> {
  const before = await lockAtVersion(tx, id, version);
  if (!before) return null;
  const extras = (await extraImages(tx, [id])).get(id) ?? [];
  const current = [before.image, ...extras];
  if (new Set(images).size !== images.length || images.some((i) => !current.includes(i)))
    throw conflict('PRODUCT_IMAGES_MISMATCH');
  if (images.length === 0) throw badRequest('PRODUCT_LAST_IMAGE');
  const [main, ...rest] = images as [string, ...string[]];
  await tx.delete(productImages).where(eq(productImages.productId, id));
  if (rest.length)
    await tx.insert(productImages).values(rest.map((image, sort) => ({ productId: id, image, sort })));
  const [after] = await tx
    .update(products)
    .set({ image: main, version: before.version + 1, updatedAt: sql`now()` })
    .where(eq(products.id, id))
    .returning();
  return { after: after!, images: { before: current, after: images } };
}

/**
 * A bulk action on the products of `ids` that exist. A price change by a percentage is applied
 * to the price and to the offer prices, each rounded to the nearest halala, halves away from
 * zero (PostgreSQL's `round(numeric)`); when an offer would no longer be below its price, the
 * statement fails on the table's checks (`offerNotBelowPrice`) and the transaction with it.
 * Returns each product changed, in id order.
 */
export async function bulkUpdateProducts(tx: Tx, bulk: ProductsBulk): Promise<ProductChange[]> {
  const ids = [...bulk.ids].sort((a, b) => a - b);
  // Locked in id order, as stock changes lock them, so two transactions cannot deadlock.
  const before = await tx
    .select()
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for('update');
  if (before.length === 0) return [];
  const found = before.map((p) => p.id);
  const scale = (column: AnyPgColumn, percent: number) =>
    sql`round(${column}::numeric * (100 + ${percent}::numeric) / 100)::int`;
  // Prices and stock are set on every variant of the products (the product rows follow them).
  if (bulk.action === 'price_percent' || bulk.action === 'set_stock')
    await tx
      .update(productVariants)
      .set(
        bulk.action === 'price_percent'
          ? {
              priceHalalas: scale(productVariants.priceHalalas, bulk.percent),
              offerPriceHalalas: scale(productVariants.offerPriceHalalas, bulk.percent),
              offerPlannedHalalas: scale(productVariants.offerPlannedHalalas, bulk.percent),
              updatedAt: sql`now()`,
            }
          : { stock: bulk.stock, updatedAt: sql`now()` },
      )
      .where(inArray(productVariants.productId, found));
  const after = await tx
    .update(products)
    .set({
      ...((bulk.action === 'hide' || bulk.action === 'publish') && { hidden: bulk.action === 'hide' }),
      version: sql`${products.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(inArray(products.id, found))
    .returning();
  const afterById = new Map(after.map((p) => [p.id, p]));
  return before.map((p) => ({ before: p, after: afterById.get(p.id)! }));
}

/** True when a change failed because an offer would no longer be below its price (a check violation). */
export function offerNotBelowPrice(error: unknown): boolean {
  return pgErrorCode(error) === '23514';
}

/**
 * Moves offers whose dates began or ended since the last run: sets the live offer from the plan
 * while its dates hold, and clears it outside them. Returns the products changed.
 */
export async function applyOfferSchedule(db: Db, now = new Date()): Promise<number[]> {
  const live = liveVariantOffer(now);
  const rows = await db
    .update(productVariants)
    .set({ offerPriceHalalas: live, updatedAt: sql`now()` })
    .from(products)
    .where(
      and(
        eq(products.id, productVariants.productId),
        isNotNull(productVariants.offerPlannedHalalas),
        sql`${productVariants.offerPriceHalalas} is distinct from ${live}`,
      ),
    )
    .returning({ id: productVariants.productId });
  const ids = [...new Set(rows.map((r) => r.id))].sort((a, b) => a - b);
  if (ids.length > 0)
    await db
      .update(products)
      .set({ updatedAt: sql`now()` })
      .where(inArray(products.id, ids));
  return ids;
}
