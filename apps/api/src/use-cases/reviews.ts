import type { Lang, ReviewFields } from '@shop/contract';
import type { Tx } from '../db/client.ts';
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

/**
 * One moderation step of review `id`: `change` in a transaction with the step's audit entry;
 * after the commit the change bus names the product, whose page, reads and listings' copy
 * show the review as it is now. 404 REVIEW_NOT_FOUND for no such review.
 */
async function moderationStep(
  deps: ReviewDeps,
  id: string,
  action: 'review.approve' | 'review.hide' | 'review.reply',
  by: AuditActor,
  change: (tx: Tx, review: ReviewRow) => Promise<ReviewRow>,
): Promise<ReviewRow> {
  const review = await findReview(deps.db, id);
  if (!review) throw notFound('REVIEW_NOT_FOUND');
  const changed = await deps.db.transaction(async (tx) => {
    const row = await change(tx, review);
    await recordAudit(tx, {
      by,
      action,
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

/**
 * Approves (shown, counted in the product's average) or hides (off the page and out of the
 * average) a review, audited; the product's count is kept in the same transaction. 409
 * REVIEW_ALREADY_APPROVED or REVIEW_ALREADY_HIDDEN when it is so already.
 */
export function moderateReview(
  deps: ReviewDeps,
  id: string,
  status: 'approved' | 'hidden',
  by: AuditActor,
): Promise<ReviewRow> {
  const action = status === 'approved' ? 'review.approve' : 'review.hide';
  return moderationStep(deps, id, action, by, async (tx, review) => {
    await lockRatings(tx, review.productId);
    const row = await setReviewStatus(tx, id, status, by.staffId);
    if (!row) throw conflict(status === 'approved' ? 'REVIEW_ALREADY_APPROVED' : 'REVIEW_ALREADY_HIDDEN');
    await recountRatings(tx, row.productId);
    return row;
  });
}

/** Sets (or, empty, removes) the shop's answer shown under a review, audited. */
export function replyToReview(
  deps: ReviewDeps,
  id: string,
  reply: string,
  by: AuditActor,
): Promise<ReviewRow> {
  return moderationStep(deps, id, 'review.reply', by, async (tx) => {
    const row = await setReviewReply(tx, id, reply);
    if (!row) throw notFound('REVIEW_NOT_FOUND');
    return row;
  });
}
