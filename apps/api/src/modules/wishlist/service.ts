import { WISHLIST_MAX } from '@shop/contract';
import { and, desc, eq, sql, type AnyColumn } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { products, productVariants, variantSaleColumns } from '../catalog/schema.ts';
import { stockRequests, wishlistItems } from './schema.ts';

/**
 * The variant a wished product is priced and moved by: the one chosen on its page while it is
 * still for sale, else the product's default (its first visible variant by position).
 */
const shownVariant = sql`(select v2.id from ${productVariants} v2
  where v2.product_id = ${wishlistItems.productId} and not v2.hidden
  order by coalesce(v2.id = ${wishlistItems.variantId}, false) desc, v2.position, v2.id limit 1)`;

/** The shopper's wished products that are for sale (newest first), each with its shown variant as sold now. */
function wishedRows(db: Db, userId: string, productId?: number) {
  return db
    .select({
      ...variantSaleColumns,
      chosenVariantId: wishlistItems.variantId,
      addedAt: wishlistItems.createdAt,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, shownVariant))
    .where(
      and(
        eq(wishlistItems.userId, userId),
        sql`not ${products.hidden}`,
        productId === undefined ? undefined : eq(wishlistItems.productId, productId),
      ),
    )
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}

export type WishedRow = Awaited<ReturnType<typeof wishedRows>>[number];

/**
 * The shopper's wishlist as it is for sale now. A product hidden by the shop is left out (and
 * comes back if it is shown again); its row stays and counts towards the limit.
 */
export function readWishlist(db: Db, userId: string): Promise<WishedRow[]> {
  return wishedRows(db, userId);
}

/** One wished product as it is for sale now; null when it is not in the list or not for sale. */
export async function findWish(db: Db, userId: string, productId: number): Promise<WishedRow | null> {
  return (await wishedRows(db, userId, productId))[0] ?? null;
}

/** Whether a product exists and is shown to shoppers. */
export async function productForSale(db: Db, productId: number): Promise<boolean> {
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), sql`not ${products.hidden}`))
    .limit(1);
  return rows.length > 0;
}

/**
 * Keeps a product (and the variant chosen, or none) in the shopper's wishlist. A product already
 * there keeps its place and remembers the latest choice, so adding twice changes nothing else.
 * The limit is checked in the same statement as the insert, so two quick adds cannot pass it.
 */
export async function keepWish(
  db: Db,
  userId: string,
  productId: number,
  variantId: number | null,
): Promise<void> {
  const result = await db.execute(sql`
    insert into ${wishlistItems} (user_id, product_id, variant_id)
    select ${userId}::uuid, ${productId}::int, ${variantId}::int
    where (select count(*) from ${wishlistItems} where user_id = ${userId}::uuid) < ${WISHLIST_MAX}
      or exists (select 1 from ${wishlistItems} where user_id = ${userId}::uuid and product_id = ${productId}::int)
    on conflict (user_id, product_id) do update
      set variant_id = excluded.variant_id, updated_at = now()
    returning id`);
  const rows = (result as unknown as { rows: unknown[] }).rows;
  if (rows.length === 0) throw new AppError(409, 'WISHLIST_LIMIT');
}

/** Takes a product out of the shopper's wishlist; false when it was not there. */
export async function dropWish(db: Db, userId: string, productId: number): Promise<boolean> {
  const rows = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)))
    .returning({ id: wishlistItems.id });
  return rows.length > 0;
}

/** A wished product whose price or stock moved since the alerts last looked. */
export interface WatchedChange {
  id: number;
  userId: string;
  productId: number;
  nameAr: string;
  nameEn: string;
  priceHalalas: number;
  inStock: boolean;
  watchedPriceHalalas: number | null;
  watchedInStock: boolean | null;
}

/**
 * The wished products (shown ones) whose price now, offer included, or whether they are in stock
 * differs from what the alerts last saw, at most `limit`, locked so that two processes looking
 * at once take different rows.
 */
export async function watchedChanges(tx: Tx, limit: number): Promise<WatchedChange[]> {
  const price = sql<number>`coalesce(${productVariants.offerPriceHalalas}, ${productVariants.priceHalalas})`;
  const inStock = sql<boolean>`${productVariants.stock} > 0`;
  return tx
    .select({
      id: wishlistItems.id,
      userId: wishlistItems.userId,
      productId: wishlistItems.productId,
      nameAr: products.nameAr,
      nameEn: products.nameEn,
      priceHalalas: price,
      inStock,
      watchedPriceHalalas: wishlistItems.watchedPriceHalalas,
      watchedInStock: wishlistItems.watchedInStock,
    })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(productVariants, eq(productVariants.id, shownVariant))
    .where(
      and(
        sql`not ${products.hidden}`,
        sql`(${wishlistItems.watchedPriceHalalas} is distinct from ${price}
          or ${wishlistItems.watchedInStock} is distinct from (${inStock}))`,
      ),
    )
    .orderBy(wishlistItems.id)
    .limit(limit)
    .for('update', { of: wishlistItems, skipLocked: true });
}

/** What the alerts saw now becomes the mark the next change is measured from. */
export async function markWatched(
  tx: Tx,
  id: number,
  seen: { priceHalalas: number; inStock: boolean },
): Promise<void> {
  await tx
    .update(wishlistItems)
    .set({ watchedPriceHalalas: seen.priceHalalas, watchedInStock: seen.inStock })
    .where(eq(wishlistItems.id, id));
}

/**
 * The products in the shopper's wishlist (hidden ones included), for the hearts of the pages:
 * `userId` is their id, or the column that holds it in the statement (the session's).
 */
export const wishedProductIds = (userId: string | AnyColumn) =>
  sql<
    number[]
  >`(select coalesce(array_agg(${wishlistItems.productId} order by ${wishlistItems.productId}), '{}')
    from ${wishlistItems} where ${wishlistItems.userId} = ${userId}::uuid)`;

// ── "Tell me when it is back" (decision 225) ────────────────────────────────────────────────

/**
 * Keeps the shopper's request about a sold-out variant. Asking again while it waits is no
 * change; asking again after it was answered makes it wait anew.
 */
export async function keepStockRequest(
  db: Db,
  userId: string,
  productId: number,
  variantId: number,
): Promise<void> {
  await db
    .insert(stockRequests)
    .values({ userId, productId, variantId })
    .onConflictDoUpdate({
      target: [stockRequests.userId, stockRequests.variantId],
      set: { notifiedAt: null, updatedAt: sql`now()` },
      setWhere: sql`${stockRequests.notifiedAt} is not null`,
    });
}

export interface StockAgain {
  id: number;
  userId: string;
  productId: number;
  sku: string;
  nameAr: string;
  nameEn: string;
  /** When the request was made, or made again after an answer. */
  askedAt: Date;
}

/**
 * The waiting requests whose variant is in stock again and shown (up to `limit`), locked with
 * SKIP LOCKED so two processes looking at once take different rows.
 */
export async function stockRequestsDue(tx: Tx, limit: number): Promise<StockAgain[]> {
  return tx
    .select({
      id: stockRequests.id,
      userId: stockRequests.userId,
      productId: stockRequests.productId,
      sku: productVariants.sku,
      nameAr: products.nameAr,
      nameEn: products.nameEn,
      askedAt: stockRequests.updatedAt,
    })
    .from(stockRequests)
    .innerJoin(productVariants, eq(productVariants.id, stockRequests.variantId))
    .innerJoin(products, eq(products.id, stockRequests.productId))
    .where(
      and(
        sql`${stockRequests.notifiedAt} is null`,
        sql`${productVariants.stock} > 0`,
        sql`not ${productVariants.hidden}`,
        sql`not ${products.hidden}`,
      ),
    )
    .orderBy(stockRequests.id)
    .limit(limit)
    .for('update', { of: stockRequests, skipLocked: true });
}

export async function markStockRequestAnswered(tx: Tx, id: number): Promise<void> {
  await tx
    .update(stockRequests)
    .set({ notifiedAt: sql`now()` })
    .where(eq(stockRequests.id, id));
}
