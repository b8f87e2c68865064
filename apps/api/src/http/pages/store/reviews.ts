import {
  idParam,
  okMessage,
  orderIdParams,
  productReviewsQuery,
  reviewInputSchema,
  type StoreReviews,
} from '@shop/contract';
import { writeReview } from '../../../use-cases/reviews.ts';
import { productReviewsPage, reviewFormOf } from '../../../views/reviews/present.ts';
import { parseAs } from '../../form.ts';
import { postedImage, REVIEW_PHOTOS, withStoredImages } from '../../uploads.ts';
import type { StorePageContext } from '../store-data.ts';

const isId = (id: number) => idParam.safeParse(String(id)).success;

/**
 * Reviews in the storefront: a product's approved reviews (the same for every visitor, kept in
 * the read cache until the product's reviews change), and the review form of a delivered order's
 * product for the signed-in shopper.
 */
export function reviewPages({ app, lang, shopperId, act }: StorePageContext): StoreReviews {
  const shop = app.shop;
  return {
    productReviews: (productId, filter) => {
      const query = productReviewsQuery.safeParse(filter);
      if (!query.success || !isId(productId)) return Promise.resolve(null);
      const { sort, page, pageSize } = query.data;
      return shop.readCache.get(
        'catalog',
        `reviews:${productId}:${sort}:${page}:${pageSize}`,
        () => productReviewsPage(shop.db, productId, query.data),
        { showsProducts: true, productIds: [productId] },
      );
    },
    reviewForm: async (invoiceId, productId) => {
      const shopper = await shopperId();
      if (!shopper || !orderIdParams.safeParse({ invoiceId }).success || !isId(productId)) return null;
      return reviewFormOf(shop.db, shopper, invoiceId, productId, lang);
    },
    writeReview: (input, photos) =>
      act(async (shopper) => {
        // The review as the API's call checks it, then its photos as every upload is stored.
        const fields = parseAs(reviewInputSchema, input, 'body');
        const images = await Promise.all(photos.map(postedImage));
        await withStoredImages(app.config.uploadsDir, images, REVIEW_PHOTOS, (paths) =>
          writeReview(shop, shopper.id, fields, paths, lang),
        );
        return okMessage('REVIEW_SUBMITTED', lang);
      }),
  };
}
