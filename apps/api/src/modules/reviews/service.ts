import type { Lang, ReviewStatus } from '@shop/contract';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { productRatings, productReviews } from './schema.ts';

/**
 * The only writer of reviews and of the products' rating counts (decision 224). Writing a
 * review is one insert, refused by the unique index when the shopper rated the product already;
 * each moderation step is one conditional UPDATE, and an approval or a hiding counts the
 * product's approved ratings again in the same transaction.
 */

export type ReviewRow = typeof productReviews.$inferSelect;

export interface NewReview {
  productId: number;
  userId: string;
  orderId: string;
  rating: number;
  title: string;
  body: string;
  photos: string[];
  lang: Lang;
}

/** The new review; null when the shopper has one of this product already. */
export async function insertReview(
  tx: Db | Tx,
  input: NewReview,
  now = new Date(),
): Promise<ReviewRow | null> {
  const [row] = await tx
    .insert(productReviews)
    .values({ ...input, createdAt: now })
    .onConflictDoNothing({ target: [productReviews.productId, productReviews.userId] })
    .returning();
  return row ?? null;
}

export async function findReview(db: Db | Tx, id: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(productReviews).where(eq(productReviews.id, id));
  return row ?? null;
}

/** The shopper's review of a product, whatever its status. */
export async function reviewOf(db: Db | Tx, userId: string, productId: number): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  return row ?? null;
}

/** Moves a review to `status` from any other; null when it is there already (or missing). */
export async function setReviewStatus(
  tx: Tx,
  id: string,
  status: Exclude<ReviewStatus, 'pending'>,
  staffId: string | null,
  now = new Date(),
): Promise<ReviewRow | null> {
  const [row] = await tx
    .update(productReviews)
    .set({ status, moderatedAt: now, moderatedBy: staffId })
    .where(and(eq(productReviews.id, id), ne(productReviews.status, status)))
    .returning();
  return row ?? null;
}

/** Sets the shop's answer under a review (empty removes it). */
export async function setReviewReply(tx: Tx, id: string, reply: string, now = new Date()) {
  const [row] = await tx
    .update(productReviews)
    .set({ reply, repliedAt: reply === '' ? null : now })
    .where(eq(productReviews.id, id))
    .returning();
  return row ?? null;
}

/**
 * Takes the product's row of `product_ratings` (made when missing) for the transaction: two
 * members moderating reviews of one product at once count in turn, the second after the
 * first's commit, so neither count misses the other's change.
 */
export async function lockRatings(tx: Tx, productId: number): Promise<void> {
  await tx.insert(productRatings).values({ productId }).onConflictDoNothing();
  await tx.select().from(productRatings).where(eq(productRatings.productId, productId)).for('update');
}

/**
 * Counts a product's approved ratings again into `product_ratings` (one statement): called by
 * every change of a review's status, inside its transaction, after `lockRatings`.
 */
export async function recountRatings(tx: Tx, productId: number): Promise<void> {
  await tx.execute(sql`
    insert into ${productRatings} (product_id, count, sum)
    select ${productId}, count(*)::int, coalesce(sum(rating), 0)::int
      from ${productReviews}
     where product_id = ${productId} and status = 'approved'
    on conflict (product_id) do update set count = excluded.count, sum = excluded.sum`);
}

/** A product's average from its count and sum: one decimal, null without ratings. */
export function averageOf(count: number, sum: number): number | null {
  return count === 0 ? null : Math.round((sum / count) * 10) / 10;
}

/**
 * The approved ratings' count and sum of the products of `ids` (every rated product when
 * undefined): what the listings' copy of the shelves sorts by (`RatingsReader` of the catalog).
 */
export async function ratingCounts(
  db: Db,
  ids?: readonly number[],
): Promise<Map<number, { count: number; sum: number }>> {
  const rows = await db
    .select()
    .from(productRatings)
    .where(ids ? inArray(productRatings.productId, [...ids]) : undefined);
  return new Map(rows.map((r) => [r.productId, { count: r.count, sum: r.sum }]));
}
