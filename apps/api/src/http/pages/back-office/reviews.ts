import {
  adminReviewsQuery,
  okMessage,
  reviewReplySchema,
  uuidParam,
  type BackOfficeReviews,
} from '@shop/contract';
import { notFound } from '../../../lib/errors.ts';
import { moderateReview, replyToReview } from '../../../use-cases/reviews.ts';
import { adminReviewsPage } from '../../../views/reviews/present.ts';
import { parseAs } from '../../form.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** A review's id of a page's form; 404 REVIEW_NOT_FOUND when it cannot name one. */
function reviewIdOr404(id: string): string {
  if (!uuidParam.safeParse(id).success) throw notFound('REVIEW_NOT_FOUND');
  return id;
}

/** The reviews pages: the queue, approving, hiding and answering (any member). */
export function reviewPages({ app, lang, read, act }: BackOfficePageContext): BackOfficeReviews {
  const shop = app.shop;
  return {
    page: (filter) =>
      read({}, () => adminReviewsPage(shop.db, parseAs(adminReviewsQuery, filter, 'querystring'), lang)),
    approve: (id) =>
      act({}, async (by) => {
        await moderateReview(shop, reviewIdOr404(id), 'approved', by);
        return okMessage('REVIEW_APPROVED', lang);
      }),
    hide: (id) =>
      act({}, async (by) => {
        await moderateReview(shop, reviewIdOr404(id), 'hidden', by);
        return okMessage('REVIEW_HIDDEN', lang);
      }),
    reply: (id, input) =>
      act({}, async (by) => {
        const { reply } = parseAs(reviewReplySchema, input, 'body');
        await replyToReview(shop, reviewIdOr404(id), reply, by);
        return okMessage('REVIEW_REPLIED', lang);
      }),
  };
}
