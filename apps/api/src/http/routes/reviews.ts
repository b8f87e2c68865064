import {
  adminReviewsPageSchema,
  adminReviewsQuery,
  langOnlyQuery,
  okMessage,
  okSchema,
  productReviewsParams,
  productReviewsQuery,
  productReviewsSchema,
  REVIEW_PHOTO_FIELDS,
  reviewIdParams,
  reviewInputSchema,
  reviewPaths,
  reviewReplySchema,
} from '@shop/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { moderateReview, replyToReview, writeReview } from '../../use-cases/reviews.ts';
import { adminReviewsPage, productReviewsPage } from '../../views/reviews/present.ts';
import { bodySchemaDocumentsOnly, parseBody, readForm } from '../form.ts';
import { ADMIN_TAG, found, SHOPPER_SESSION, STAFF_COOKIE } from '../openapi.ts';
import { requireUser } from '../shopper-session.ts';
import { auditActor } from '../staff-guard.ts';
import { REVIEW_PHOTOS, withStoredImages } from '../uploads.ts';

/** Ratings and reviews: the shopper's review, a product's reviews, the back office's queue (decision 224). */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const shop = app.shop;

  app.get(
    reviewPaths.productReviews.pattern,
    {
      schema: {
        tags: ['reviews'],
        summary: 'A product’s approved reviews, with its average rating and the count of each star',
        description:
          '`sort`: newest (default), highest, lowest; `page`, `pageSize` (1–50, default 5). `latest` holds the ' +
          'three newest whatever the sort. 404 PRODUCT_NOT_FOUND for a product not shown to shoppers.',
        params: productReviewsParams,
        querystring: productReviewsQuery,
        response: { 200: productReviewsSchema },
      },
    },
    async (request) =>
      found(await productReviewsPage(app.db, request.params.id, request.query), 'PRODUCT_NOT_FOUND'),
  );

  app.get(
    reviewPaths.adminReviews.pattern,
    {
      schema: {
        tags: ADMIN_TAG,
        summary: 'The queue of reviews, newest first',
        description:
          'Filters: `status` (pending, approved, hidden), `rating` (1–5), `q` (words of the product’s name in ' +
          'either language or of the review); `page` and `pageSize` (1–100, default 25).',
        security: STAFF_COOKIE,
        querystring: adminReviewsQuery,
        response: { 200: adminReviewsPageSchema },
      },
    },
    async (request) => adminReviewsPage(app.db, request.query, request.lang),
  );

  await app.register(async (instance) => {
    const forms = instance.withTypeProvider<ZodTypeProvider>();
    bodySchemaDocumentsOnly(forms);
    forms.post(
      reviewPaths.reviews.pattern,
      {
        schema: {
          tags: ['reviews'],
          summary: 'Rate a product the caller received (JSON, or multipart with photos)',
          description:
            'Body: `productId`, `rating` (a whole number 1–5), `title` (optional, up to 120 characters), `body` ' +
            '(optional, up to 2000). Multipart may carry up to three photos `photo1`–`photo3`, checked as every ' +
            'upload (JPEG, PNG or WebP by their bytes, 2 MB, re-encoded). Words are kept as plain text. The review ' +
            'waits for staff before it is shown. Refused: 403 REVIEW_NOT_BOUGHT (no delivered order of the caller’s ' +
            'holds the product), 409 REVIEW_ALREADY_WRITTEN (one review per product), 422 REVIEW_RATING_INVALID, ' +
            '400 TEXT_TOO_LONG.',
          security: SHOPPER_SESSION,
          consumes: ['multipart/form-data', 'application/json'],
          querystring: langOnlyQuery,
          body: reviewInputSchema,
          response: { 201: okSchema },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const form = await readForm(request, [...REVIEW_PHOTO_FIELDS]);
        const input = parseBody(reviewInputSchema, form.fields);
        const photos = REVIEW_PHOTO_FIELDS.map((field) => form.files.get(field));
        await withStoredImages(app.config.uploadsDir, photos, REVIEW_PHOTOS, (paths) =>
          writeReview(shop, user.id, input, paths, request.lang),
        );
        void reply.status(201);
        return okMessage('REVIEW_SUBMITTED', request.lang);
      },
    );
  });

  const step = {
    tags: ADMIN_TAG,
    security: STAFF_COOKIE,
    params: reviewIdParams,
    querystring: langOnlyQuery,
    response: { 200: okSchema },
  };

  const moderations = [
    {
      path: reviewPaths.adminReviewApprove,
      status: 'approved',
      done: 'REVIEW_APPROVED',
      summary: 'Approve a review: shown on the product page and counted in its average (audited)',
    },
    {
      path: reviewPaths.adminReviewHide,
      status: 'hidden',
      done: 'REVIEW_HIDDEN',
      summary: 'Hide a review: off the product page and out of its average (audited)',
    },
  ] as const;
  for (const { path, status, done, summary } of moderations)
    app.post(path.pattern, { schema: { ...step, summary } }, async (request) => {
      await moderateReview(shop, request.params.id, status, auditActor(request));
      return okMessage(done, request.lang);
    });

  app.post(
    reviewPaths.adminReviewReply.pattern,
    {
      schema: {
        ...step,
        summary: 'Set the shop’s reply shown under a review; an empty reply removes it (audited)',
        body: reviewReplySchema,
      },
    },
    async (request) => {
      await replyToReview(shop, request.params.id, request.body.reply, auditActor(request));
      return okMessage('REVIEW_REPLIED', request.lang);
    },
  );
};
