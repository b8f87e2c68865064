import {
  halalasToSar,
  LOW_STOCK_UNITS,
  MAX_PRODUCT_IMAGES,
  type AdminGroup,
  type AdminProduct,
  type AdminProductPage,
  type AdminProductsQuery,
  type GroupInput,
  type Lang,
  type ProductInput,
  type ProductsBulk,
  type ProductSort,
  type ProductUpdate,
} from '@shop/contract';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client.ts';
import { categories, companies, productImages, products } from './schema.ts';
import { orderLines } from '../orders/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { recordAudit, type AuditActor } from '../audit/service.ts';
import { rankedIds } from './search.ts';

/*
 * The back office's writes to the catalog: products, their images, bulk changes, categories
 * and brands. Each change runs in one transaction with its audit entry; the routes publish on
 * the change bus once it has committed.
 */

type ProductRow = typeof products.$inferSelect;

/** The offer shoppers see at `now`: the planned one while its dates hold. */
export function liveOffer(
  planned: number | null,
  startsAt: Date | null,
  endsAt: Date | null,
  now: Date,
): number | null {
  if (planned === null) return null;
  if (startsAt && startsAt > now) return null;
  if (endsAt && endsAt <= now) return null;
  return planned;
}

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

function present(joined: JoinedRow, extras: string[]): AdminProduct {
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
  };
}

/** What the audit log keeps of a product: what staff edit, never derived columns. */
function auditView(p: ProductRow, extras?: string[]) {
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
  return row ? present(row, (await extraImages(db, [id])).get(id) ?? []) : null;
}

/** The product a change inside this transaction has just written (so it exists). */
async function writtenProduct(tx: Tx, id: number): Promise<AdminProduct> {
  const product = await adminProduct(tx, id);
  if (!product) throw new Error(`product ${id} is gone inside its own transaction`);
  return product;
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
 * (hidden products included), bounded as it is; filters and the sort apply within them.
 */
export async function listAdminProducts(
  db: Db,
  query: AdminProductsQuery,
  lang: Lang,
): Promise<AdminProductPage> {
  const filters: (SQL | undefined)[] = [];
  if (query.q) {
    const q = query.q;
    const ids = await db.transaction(async (tx) => {
      // As the storefront's search: the trigram index answers, never a scan of every product.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rankedIds(tx as unknown as Db, q, { range: {}, includeHidden: true });
    });
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

/** PostgreSQL's error code, possibly wrapped by the query builder. */
function pgCode(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
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

async function checkSku(tx: Tx, sku: string, exceptId?: number) {
  const [taken] = await tx.select({ id: products.id }).from(products).where(eq(products.sku, sku));
  if (taken && taken.id !== exceptId) throw conflict('SKU_TAKEN', 'sku');
}

function editableValues(input: ProductInput, now: Date) {
  const startsAt = input.offerPrice === null || !input.offerStartsAt ? null : new Date(input.offerStartsAt);
  const endsAt = input.offerPrice === null || !input.offerEndsAt ? null : new Date(input.offerEndsAt);
  return {
    nameAr: input.nameAr,
    nameEn: input.nameEn,
    descriptionAr: input.descriptionAr,
    descriptionEn: input.descriptionEn,
    priceHalalas: input.price,
    offerPlannedHalalas: input.offerPrice,
    offerStartsAt: startsAt,
    offerEndsAt: endsAt,
    offerPriceHalalas: liveOffer(input.offerPrice, startsAt, endsAt, now),
    stock: input.stock,
    categoryId: input.categoryId,
    companyId: input.brandId,
    featured: input.featured,
    hidden: input.hidden,
  };
}

const newSku = () => `P-${randomBytes(5).toString('hex').toUpperCase()}`;

export async function createAdminProduct(
  db: Db,
  by: AuditActor,
  input: ProductInput,
  image: string,
  now = new Date(),
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    await checkGroups(tx, input);
    const sku = input.sku ?? newSku();
    await checkSku(tx, sku);
    const [row] = await tx
      .insert(products)
      .values({ ...editableValues(input, now), sku, image })
      .returning();
    await recordAudit(tx, {
      by,
      action: 'product.create',
      entityType: 'product',
      entityId: String(row!.id),
      before: null,
      after: auditView(row!, []),
    });
    return writtenProduct(tx, row!.id);
  });
}

/** The product, locked for this transaction, at the version the edit was made from. */
async function lockAtVersion(tx: Tx, id: number, version: number): Promise<ProductRow> {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
  if (!row) throw notFound('PRODUCT_NOT_FOUND');
  if (row.version !== version) throw new AppError(409, 'PRODUCT_VERSION_CONFLICT');
  return row;
}

export async function updateAdminProduct(
  db: Db,
  by: AuditActor,
  id: number,
  input: ProductUpdate,
  now = new Date(),
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, input.version);
    await checkGroups(tx, input);
    if (input.sku !== undefined) await checkSku(tx, input.sku, id);
    const [after] = await tx
      .update(products)
      .set({
        ...editableValues(input, now),
        ...(input.sku !== undefined && { sku: input.sku }),
        version: before.version + 1,
        updatedAt: now,
      })
      .where(eq(products.id, id))
      .returning();
    await recordAudit(tx, {
      by,
      action: 'product.update',
      entityType: 'product',
      entityId: String(id),
      before: auditView(before),
      after: auditView(after!),
    });
    return writtenProduct(tx, id);
  });
}

/**
 * Deletes a product no order names; one that an order names is hidden instead (its order lines
 * point at it, and the shop keeps them).
 */
export async function deleteAdminProduct(db: Db, by: AuditActor, id: number): Promise<'deleted' | 'hidden'> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw notFound('PRODUCT_NOT_FOUND');
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.productId, id))
      .limit(1);
    if (ordered) {
      if (!row.hidden) {
        const [after] = await tx
          .update(products)
          .set({ hidden: true, version: row.version + 1, updatedAt: sql`now()` })
          .where(eq(products.id, id))
          .returning();
        await recordAudit(tx, {
          by,
          action: 'product.hide',
          entityType: 'product',
          entityId: String(id),
          before: auditView(row),
          after: auditView(after!),
        });
      }
      return 'hidden';
    }
    await tx.delete(products).where(eq(products.id, id));
    await recordAudit(tx, {
      by,
      action: 'product.delete',
      entityType: 'product',
      entityId: String(id),
      before: auditView(row),
      after: null,
    });
    return 'deleted';
  });
}

/** Appends an uploaded image (already stored) to the product's images. */
export async function addProductImage(
  db: Db,
  by: AuditActor,
  id: number,
  version: number,
  image: string,
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, version);
    const extras = (await extraImages(tx, [id])).get(id) ?? [];
    if (extras.length + 1 >= MAX_PRODUCT_IMAGES) throw conflict('PRODUCT_IMAGES_FULL');
    if (before.image === '') await tx.update(products).set({ image }).where(eq(products.id, id));
    else await tx.insert(productImages).values({ productId: id, image, sort: extras.length });
    const [after] = await tx
      .update(products)
      .set({ version: before.version + 1, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    await recordAudit(tx, {
      by,
      action: 'product.image_add',
      entityType: 'product',
      entityId: String(id),
      before: { images: [before.image, ...extras] },
      after: { images: [after!.image, ...extras, ...(before.image === '' ? [] : [image])] },
    });
    return writtenProduct(tx, id);
  });
}

/**
 * Sets the product's images to `images`, in that order (the first is the main image). Only
 * images the product already has may be named; one left out is removed from the product. Its
 * file stays: an order placed earlier still shows it.
 */
export async function setProductImages(
  db: Db,
  by: AuditActor,
  id: number,
  version: number,
  images: string[],
): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    const before = await lockAtVersion(tx, id, version);
    const extras = (await extraImages(tx, [id])).get(id) ?? [];
    const current = [before.image, ...extras];
    if (new Set(images).size !== images.length || images.some((i) => !current.includes(i)))
      throw conflict('PRODUCT_IMAGES_MISMATCH');
    if (images.length === 0) throw badRequest('PRODUCT_LAST_IMAGE');
    const [main, ...rest] = images as [string, ...string[]];
    await tx.delete(productImages).where(eq(productImages.productId, id));
    if (rest.length)
      await tx.insert(productImages).values(rest.map((image, sort) => ({ productId: id, image, sort })));
    await tx
      .update(products)
      .set({ image: main, version: before.version + 1, updatedAt: sql`now()` })
      .where(eq(products.id, id));
    if (images.join('\n') !== current.join('\n'))
      await recordAudit(tx, {
        by,
        action: 'product.images',
        entityType: 'product',
        entityId: String(id),
        before: { images: current },
        after: { images },
      });
    return writtenProduct(tx, id);
  });
}

/**
 * A bulk action on the products of `ids` that exist, in one transaction with one audit entry per
 * product. A price change by a percentage is applied to the price and to the offer prices,
 * each rounded to the nearest halala, halves away from zero (PostgreSQL's `round(numeric)`);
 * when an offer would no longer be below its price, nothing changes. Returns the products
 * changed.
 */
export async function bulkUpdateProducts(db: Db, by: AuditActor, bulk: ProductsBulk): Promise<number[]> {
  const ids = [...bulk.ids].sort((a, b) => a - b);
  try {
    return await db.transaction(async (tx) => {
      // Locked in id order, as stock changes lock them, so two transactions cannot deadlock.
      const before = await tx
        .select()
        .from(products)
        .where(inArray(products.id, ids))
        .orderBy(asc(products.id))
        .for('update');
      if (before.length === 0) return [];
      const scale = (column: AnyPgColumn) =>
        bulk.action === 'price_percent'
          ? sql`round(${column}::numeric * (100 + ${bulk.percent}::numeric) / 100)::int`
          : sql`${column}`;
      const set =
        bulk.action === 'price_percent'
          ? {
              priceHalalas: scale(products.priceHalalas),
              offerPriceHalalas: scale(products.offerPriceHalalas),
              offerPlannedHalalas: scale(products.offerPlannedHalalas),
            }
          : bulk.action === 'set_stock'
            ? { stock: bulk.stock }
            : { hidden: bulk.action === 'hide' };
      const after = await tx
        .update(products)
        .set({ ...set, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(
          inArray(
            products.id,
            before.map((p) => p.id),
          ),
        )
        .returning();
      const afterById = new Map(after.map((p) => [p.id, p]));
      const action = {
        price_percent: 'product.bulk_price',
        set_stock: 'product.bulk_stock',
        publish: 'product.publish',
        hide: 'product.hide',
      }[bulk.action];
      for (const p of before) {
        const changed = afterById.get(p.id)!;
        await recordAudit(tx, {
          by,
          action,
          entityType: 'product',
          entityId: String(p.id),
          before: auditView(p),
          after: { ...auditView(changed), ...(bulk.action === 'price_percent' && { percent: bulk.percent }) },
        });
      }
      return before.map((p) => p.id);
    });
  } catch (error) {
    if (pgCode(error) === '23514') throw badRequest('BULK_PRICE_REFUSED', 'percent');
    throw error;
  }
}

/**
 * Moves offers whose dates began or ended since the last run: sets the live offer from the plan
 * while its dates hold, and clears it outside them. Returns the products changed.
 */
export async function applyOfferSchedule(db: Db, now = new Date()): Promise<number[]> {
  const live = sql`case when (${products.offerStartsAt} is null or ${products.offerStartsAt} <= ${now.toISOString()}::timestamptz)
    and (${products.offerEndsAt} is null or ${products.offerEndsAt} > ${now.toISOString()}::timestamptz)
    then ${products.offerPlannedHalalas} end`;
  const rows = await db
    .update(products)
    .set({ offerPriceHalalas: live, updatedAt: sql`now()` })
    .where(
      and(
        isNotNull(products.offerPlannedHalalas),
        sql`${products.offerPriceHalalas} is distinct from ${live}`,
      ),
    )
    .returning({ id: products.id });
  return rows.map((r) => r.id);
}

// ---- categories and brands ----

export type GroupKind = 'category' | 'brand';
const groupTable = (kind: GroupKind) => (kind === 'category' ? categories : companies);
const groupColumn = (kind: GroupKind) => (kind === 'category' ? products.categoryId : products.companyId);

/** Refused removal: products still use the category or brand. */
export class GroupInUseError extends Error {
  constructor(
    readonly kind: GroupKind,
    readonly count: number,
  ) {
    super(`${kind} in use by ${count} products`);
  }
}

export async function listGroups(db: Db | Tx, kind: GroupKind): Promise<AdminGroup[]> {
  const table = groupTable(kind);
  const column = groupColumn(kind);
  const counts = db
    .select({ id: sql<number>`${column}`.as('group_id'), n: count().as('n') })
    .from(products)
    .groupBy(column)
    .as('counts');
  const rows = await db
    .select({
      id: table.id,
      nameAr: table.nameAr,
      nameEn: table.nameEn,
      image: table.image,
      sort: table.sort,
      productCount: sql<number>`coalesce(${counts.n}, 0)::int`,
    })
    .from(table)
    .leftJoin(counts, eq(counts.id, table.id))
    .orderBy(asc(table.sort), asc(table.id));
  return rows;
}

async function oneGroup(db: Db | Tx, kind: GroupKind, id: number): Promise<AdminGroup> {
  const found = (await listGroups(db, kind)).find((g) => g.id === id);
  if (!found) throw notFound(kind === 'category' ? 'CATEGORY_NOT_FOUND' : 'BRAND_NOT_FOUND');
  return found;
}

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'item';

export async function createGroup(
  db: Db,
  by: AuditActor,
  kind: GroupKind,
  input: GroupInput,
  image: string,
): Promise<AdminGroup> {
  const table = groupTable(kind);
  return db.transaction(async (tx) => {
    const [last] = await tx.select({ sort: sql<number>`coalesce(max(${table.sort}), -1)::int` }).from(table);
    // The slug is the importer's key; a short random tail keeps two "Phones" apart.
    const slug = `${slugOf(input.nameEn)}-${randomBytes(3).toString('hex')}`;
    const [row] = await tx
      .insert(table)
      .values({ slug, nameAr: input.nameAr, nameEn: input.nameEn, image, sort: (last?.sort ?? -1) + 1 })
      .returning();
    await recordAudit(tx, {
      by,
      action: `${kind}.create`,
      entityType: kind,
      entityId: String(row!.id),
      before: null,
      after: { nameAr: row!.nameAr, nameEn: row!.nameEn, image: row!.image, sort: row!.sort },
    });
    return oneGroup(tx, kind, row!.id);
  });
}

export async function updateGroup(
  db: Db,
  by: AuditActor,
  kind: GroupKind,
  id: number,
  input: GroupInput,
  image: string | undefined,
): Promise<AdminGroup> {
  const table = groupTable(kind);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) throw notFound(kind === 'category' ? 'CATEGORY_NOT_FOUND' : 'BRAND_NOT_FOUND');
    const [after] = await tx
      .update(table)
      .set({ nameAr: input.nameAr, nameEn: input.nameEn, ...(image && { image }), updatedAt: sql`now()` })
      .where(eq(table.id, id))
      .returning();
    const view = (g: typeof before) => ({ nameAr: g.nameAr, nameEn: g.nameEn, image: g.image, sort: g.sort });
    await recordAudit(tx, {
      by,
      action: `${kind}.update`,
      entityType: kind,
      entityId: String(id),
      before: view(before),
      after: view(after!),
    });
    return oneGroup(tx, kind, id);
  });
}

/** Removes a category or brand that no product uses (hidden ones count): GroupInUseError otherwise. */
export async function deleteGroup(db: Db, by: AuditActor, kind: GroupKind, id: number): Promise<void> {
  const table = groupTable(kind);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(table).where(eq(table.id, id)).for('update');
    if (!before) throw notFound(kind === 'category' ? 'CATEGORY_NOT_FOUND' : 'BRAND_NOT_FOUND');
    const [used] = await tx
      .select({ n: count() })
      .from(products)
      .where(eq(groupColumn(kind), id));
    if ((used?.n ?? 0) > 0) throw new GroupInUseError(kind, used!.n);
    await tx.delete(table).where(eq(table.id, id));
    await recordAudit(tx, {
      by,
      action: `${kind}.delete`,
      entityType: kind,
      entityId: String(id),
      before: { nameAr: before.nameAr, nameEn: before.nameEn, image: before.image, sort: before.sort },
      after: null,
    });
  });
}

/** Sets the order of every category or brand: `ids` must name each of them once. */
export async function orderGroups(
  db: Db,
  by: AuditActor,
  kind: GroupKind,
  ids: number[],
): Promise<AdminGroup[]> {
  const table = groupTable(kind);
  return db.transaction(async (tx) => {
    const current = await tx
      .select({ id: table.id, sort: table.sort })
      .from(table)
      .orderBy(asc(table.sort), asc(table.id))
      .for('update');
    const known = new Set(current.map((g) => g.id));
    if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
      throw badRequest('ORDER_IDS_INVALID', 'ids');
    const before = current.map((g) => g.id);
    if (before.join(',') === ids.join(',')) return listGroups(tx, kind);
    for (const [sort, id] of ids.entries()) await tx.update(table).set({ sort }).where(eq(table.id, id));
    await recordAudit(tx, {
      by,
      action: `${kind}.reorder`,
      entityType: kind,
      entityId: '*',
      before: { ids: before },
      after: { ids },
    });
    return listGroups(tx, kind);
  });
}
