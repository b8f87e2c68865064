import type { Lang, ReviewFields } from '@shop/contract';
import type { AuditActor } from '../lib/audit-actor.ts';
import { AppError, conflict, notFound } from '../lib/errors.ts';
import type { Shop } from '../lib/shop.ts';
import { recordAudit } from '../modules/audit/service.ts';
import { deliveredOrderWithProduct } from '../modules/orders/service.ts';
import {
  findReview,
  insertReview,
  lockRatings,
  recountRatings,
  setReviewReply,
  setReviewStatus,
  type ReviewRow,
} from '../modules/reviews/service.ts';

/**
 * Ratings and reviews (decision 224). A shopper rates a product once, and only one they
 * received: the review keeps the delivered order it came from. Staff approve (shown, counted in
 * the product's average), hide, or answer it; each step is audited, and the product's count is
 * kept in the same transaction. After the commit the change bus names the product, so its page,
 * the listings' copy of its rating and the caches showing it are read again.
 */

export type ReviewDeps = Pick<Shop, 'db' | 'changes'>;

/**
 * The shopper's review, pending until staff approve it. 422 REVIEW_RATING_INVALID for a rating
 * that is not a whole number from 1 to 5, 403 REVIEW_NOT_BOUGHT when no order of theirs holding
 * the product was delivered, 409 REVIEW_ALREADY_WRITTEN for a second review of the product.
 */
export async function writeReview(
  deps: ReviewDeps,
  shopperId: string,
  input: ReviewFields,
  photos: string[],
  lang: Lang,
  now = new Date(),
): Promise<ReviewRow> {
  if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5)
    throw new AppError(422, 'REVIEW_RATING_INVALID', [{ path: 'rating', code: 'REVIEW_RATING_INVALID' }]);
  const order = await deliveredOrderWithProduct(deps.db, shopperId, input.productId);
  if (!order) throw new AppError(403, 'REVIEW_NOT_BOUGHT');
  // The unique index decides between two reviews sent at once: one is written, the other refused.
  const row = await insertReview(
    deps.db,
    {
      productId: input.productId,
      userId: shopperId,
      orderId: order.orderId,
      rating: input.rating,
      title: input.title,
      body: input.body,
      photos,
      lang,
    },
    now,
  );
  if (!row) throw conflict('REVIEW_ALREADY_WRITTEN');
  return row;
}

const auditState = (row: ReviewRow) => ({
  productId: row.productId,
  rating: row.rating,
  status: row.status,
  reply: row.reply,
});

async function reviewOr404(deps: ReviewDeps, id: string): Promise<ReviewRow> {
  const found = await findReview(deps.db, id);
  if (!found) throw notFound('REVIEW_NOT_FOUND');
  return found;
}

/**
 * Approves (shown and counted) or hides (off the page and out of the average) a review, audited;
 * 409 REVIEW_ALREADY_APPROVED or REVIEW_ALREADY_HIDDEN when it is so already.
 */
export async function moderateReview(
  deps: ReviewDeps,
  id: string,
  status: 'approved' | 'hidden',
  by: AuditActor,
): Promise<ReviewRow> {
  const review = await reviewOr404(deps, id);
  const changed = await deps.db.transaction(async (tx) => {
    await lockRatings(tx, review.productId);
    const row = await setReviewStatus(tx, id, status, by.staffId);
    if (!row) throw conflict(status === 'approved' ? 'REVIEW_ALREADY_APPROVED' : 'REVIEW_ALREADY_HIDDEN');
    await recountRatings(tx, row.productId);
    await recordAudit(tx, {
      by,
      action: status === 'approved' ? 'review.approve' : 'review.hide',
      entityType: 'review',
      entityId: id,
      before: auditState(review),
      after: auditState(row),
    });
    return row;
  });
  await deps.changes.publish({ topic: 'catalog', productIds: [changed.productId] });
  return changed;
}

/** Sets (or, empty, removes) the shop's answer shown under a review, audited. */
export async function replyToReview(
  deps: ReviewDeps,
  id: string,
  reply: string,
  by: AuditActor,
): Promise<ReviewRow> {
  const review = await reviewOr404(deps, id);
  const changed = await deps.db.transaction(async (tx) => {
    const row = await setReviewReply(tx, id, reply);
    if (!row) throw notFound('REVIEW_NOT_FOUND');
    await recordAudit(tx, {
      by,
      action: 'review.reply',
      entityType: 'review',
      entityId: id,
      before: auditState(review),
      after: auditState(row),
    });
    return row;
  });
  await deps.changes.publish({ topic: 'catalog', productIds: [changed.productId] });
  return changed;
}
