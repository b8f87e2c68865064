import type {
  AdminReview,
  AdminReviewsPage,
  AdminReviewsQuery,
  Lang,
  ProductReviews,
  ProductReviewsQuery,
  Review,
  ReviewForm,
} from '@shop/contract';
import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../modules/catalog/schema.ts';
import { orderLines, orders } from '../../modules/orders/schema.ts';
import { productRatings, productReviews } from '../../modules/reviews/schema.ts';
import { averageOf, reviewOf, type ReviewRow } from '../../modules/reviews/service.ts';
import { users } from '../../modules/users/schema.ts';

/**
 * Reviews as the product page, the review form and the back office's queue read them (decision
 * 224). A reviewer is named by their first name only; their words are answered as typed, for the
 * pages to show as text.
 */

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';

function presentReview(row: ReviewRow, author: string): Review {
  return {
    id: row.id,
    rating: row.rating,
    title: row.title,
    body: row.body,
    photos: row.photos,
    author: firstName(author),
    verifiedPurchase: true,
    createdAt: row.createdAt.toISOString(),
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
  };
}

const sorts = {
  newest: [desc(productReviews.createdAt), desc(productReviews.id)],
  highest: [desc(productReviews.rating), desc(productReviews.createdAt), desc(productReviews.id)],
  lowest: [asc(productReviews.rating), desc(productReviews.createdAt), desc(productReviews.id)],
} as const;

/**
 * A visible product's approved reviews: the average and count kept by the reviews module, the
 * count of each star, one page in the order asked, and the newest three. Null for a product that
 * is not shown to shoppers.
 */
export async function productReviewsPage(
  db: Db,
  productId: number,
  query: ProductReviewsQuery,
): Promise<ProductReviews | null> {
  const approved = and(eq(productReviews.productId, productId), eq(productReviews.status, 'approved'));
  const page = (order: readonly SQL[], limit: number, offset: number) =>
    db
      .select({ review: productReviews, author: users.name })
      .from(productReviews)
      .innerJoin(users, eq(users.id, productReviews.userId))
      .where(approved)
      .orderBy(...order)
      .limit(limit)
      .offset(offset);
  const [[product], stars, rows, latest] = await Promise.all([
    db
      .select({ count: productRatings.count, sum: productRatings.sum })
      .from(products)
      .leftJoin(productRatings, eq(productRatings.productId, products.id))
      .where(and(eq(products.id, productId), eq(products.hidden, false))),
    db
      .select({ rating: productReviews.rating, n: count() })
      .from(productReviews)
      .where(approved)
      .groupBy(productReviews.rating),
    page(sorts[query.sort], query.pageSize, (query.page - 1) * query.pageSize),
    page(sorts.newest, 3, 0),
  ]);
  if (!product) return null;
  const total = product.count ?? 0;
  return {
    items: rows.map((r) => presentReview(r.review, r.author)),
    page: query.page,
    pageSize: query.pageSize,
    total,
    sort: query.sort,
    summary: {
      average: averageOf(total, product.sum ?? 0),
      count: total,
      distribution: [5, 4, 3, 2, 1].map((n) => ({
        stars: n,
        count: stars.find((s) => s.rating === n)?.n ?? 0,
      })),
    },
    latest: latest.map((r) => presentReview(r.review, r.author)),
  };
}

/**
 * The review form of a product of one of the shopper's orders: the line's name and image as
 * bought, and whether it may be rated now. Null when the order is not theirs or lacks the product.
 */
export async function reviewFormOf(
  db: Db,
  shopperId: string,
  orderId: string,
  productId: number,
  lang: Lang,
): Promise<ReviewForm | null> {
  const [[line], existing] = await Promise.all([
    db
      .select({
        number: orders.number,
        fulfilment: orders.fulfilment,
        nameAr: orderLines.nameAr,
        nameEn: orderLines.nameEn,
        image: orderLines.image,
      })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.id, orderId), eq(orders.userId, shopperId), eq(orderLines.productId, productId)))
      .limit(1),
    reviewOf(db, shopperId, productId),
  ]);
  if (!line) return null;
  return {
    invoiceId: orderId,
    orderNumber: line.number,
    product: { id: productId, name: lang === 'en' ? line.nameEn : line.nameAr, image: line.image },
    state: existing ? 'reviewed' : line.fulfilment === 'delivered' ? 'ok' : 'not_delivered',
  };
}

/** The reviews queue: newest first, by status, by rating, by words of the product or the review. */
export async function adminReviewsPage(
  db: Db,
  query: AdminReviewsQuery,
  lang: Lang,
): Promise<AdminReviewsPage> {
  const where: SQL[] = [];
  if (query.status) where.push(eq(productReviews.status, query.status));
  if (query.rating) where.push(eq(productReviews.rating, query.rating));
  if (query.q) {
    const words = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(products.nameAr, words),
        ilike(products.nameEn, words),
        ilike(productReviews.title, words),
        ilike(productReviews.body, words),
      )!,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        review: productReviews,
        nameAr: products.nameAr,
        nameEn: products.nameEn,
        image: products.image,
        orderNumber: orders.number,
        customer: users.name,
        email: users.email,
      })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .innerJoin(orders, eq(orders.id, productReviews.orderId))
      .innerJoin(users, eq(users.id, productReviews.userId))
      .where(condition)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(condition ?? sql`true`),
  ]);
  const items = rows.map(({ review, ...row }): AdminReview => {
    const { verifiedPurchase: _verified, ...shown } = presentReview(review, row.customer);
    return {
      ...shown,
      status: review.status,
      productId: review.productId,
      productName: lang === 'en' ? row.nameEn : row.nameAr,
      productImage: row.image,
      orderNumber: row.orderNumber,
      customer: { name: row.customer, email: row.email },
      can: { approve: review.status !== 'approved', hide: review.status !== 'hidden' },
    };
  });
  return { items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0 };
}
