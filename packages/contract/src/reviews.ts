import { z } from './zod.ts';
import { text } from './text.ts';
import { idParam, langQuery, uuidParam } from './common.ts';
import { MAX_PAGE_SIZE } from './constants.ts';
import { pageOf, wholeNumber } from './admin.ts';
import { definePath } from './paths.ts';
import type { ActionResult } from './actions.ts';

/**
 * Ratings and reviews (decision 224): a shopper who received a product rates it 1–5 once, with
 * an optional title, words and up to three photos; staff approve it (then it is shown and
 * counted in the average), hide it, or answer it under the review.
 */

/** pending → approved or hidden; approved ↔ hidden. */
export const reviewStatuses = ['pending', 'approved', 'hidden'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

/** How a product's approved reviews are listed. */
export const reviewSorts = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];

/** At most this many photos come with a review (form fields `photo1`…`photo3`). */
export const REVIEW_PHOTO_FIELDS = ['photo1', 'photo2', 'photo3'] as const;
export const REVIEW_TITLE_MAX = 120;
export const REVIEW_BODY_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
/** Approved reviews per page of a product's reviews. */
export const REVIEWS_PAGE_SIZE = 5;

export const reviewPaths = {
  /** A shopper rates a product they received (JSON, or multipart with photos). */
  reviews: definePath('/api/reviews'),
  /** A product's approved reviews with its average and distribution (public). */
  productReviews: definePath('/api/products/:id/reviews'),
  /** The back office's queue of reviews. */
  adminReviews: definePath('/api/admin/reviews'),
  adminReviewApprove: definePath('/api/admin/reviews/:id/approve'),
  adminReviewHide: definePath('/api/admin/reviews/:id/hide'),
  adminReviewReply: definePath('/api/admin/reviews/:id/reply'),
} as const;

// ---- requests ----

/**
 * What the shopper sends. The rating is read as a number here and its range is the shop's
 * check (422 REVIEW_RATING_INVALID), so a client learns what is wrong with a 6 or a 0.
 */
export const reviewInputSchema = z.object({
  productId: z.coerce.number('PRODUCT_NOT_FOUND').int('PRODUCT_NOT_FOUND').positive('PRODUCT_NOT_FOUND'),
  rating: z.coerce.number('REVIEW_RATING_INVALID'),
  title: text().trim().max(REVIEW_TITLE_MAX, 'TEXT_TOO_LONG').default(''),
  body: text({ multiline: true }).trim().max(REVIEW_BODY_MAX, 'TEXT_TOO_LONG').default(''),
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewFields = z.output<typeof reviewInputSchema>;

export const reviewIdParams = z.object({ id: uuidParam });
export const productReviewsParams = z.object({ id: idParam });

export const productReviewsQuery = z.object({
  lang: langQuery,
  sort: z.enum(reviewSorts).default('newest'),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, 50).default(REVIEWS_PAGE_SIZE),
});
export type ProductReviewsQuery = z.infer<typeof productReviewsQuery>;
export type ProductReviewsFilter = z.input<typeof productReviewsQuery>;

/** The shop's answer under a review; empty removes it. */
export const reviewReplySchema = z.object({
  reply: text({ multiline: true }).trim().max(REVIEW_REPLY_MAX, 'TEXT_TOO_LONG').default(''),
});
export type ReviewReplyInput = z.input<typeof reviewReplySchema>;

export const adminReviewsQuery = z.object({
  lang: langQuery,
  /** Words of the product's name (either language) or of the review's title or text. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(reviewStatuses).optional(),
  rating: z.coerce.number().int().min(1).max(5).optional(),
  page: wholeNumber(1, 100_000).default(1),
  pageSize: wholeNumber(1, MAX_PAGE_SIZE).default(25),
});
export type AdminReviewsQuery = z.infer<typeof adminReviewsQuery>;
export type AdminReviewsFilterInput = z.input<typeof adminReviewsQuery>;

// ---- answers ----

/** One review as shoppers read it. Its words are plain text, to be shown as text, never as HTML. */
export const reviewSchema = z.object({
  id: z.uuid(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  /** Public paths of the photos (`/uploads/reviews/…`). */
  photos: z.array(z.string()),
  /** The reviewer's first name. */
  author: z.string(),
  /** Every review comes from a delivered order of the reviewer's: always true, shown as a mark. */
  verifiedPurchase: z.literal(true),
  createdAt: z.string(),
  /** The shop's answer, empty when none. */
  reply: z.string(),
  repliedAt: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product's approved ratings: the average (null without any), the count, the count per star. */
export const ratingSummarySchema = z.object({
  /** Rounded to one decimal. */
  average: z.number().nullable(),
  count: z.number().int(),
  /** Five entries, 5 stars first. */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int() })),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const productReviewsSchema = pageOf(reviewSchema).extend({
  sort: z.enum(reviewSorts),
  summary: ratingSummarySchema,
  /** The newest approved reviews (at most three), whatever the sort: the page's structured data. */
  latest: z.array(reviewSchema),
});
export type ProductReviews = z.infer<typeof productReviewsSchema>;

/** A review in the back office: its product, order and customer, and what the member may do. */
export const adminReviewSchema = reviewSchema.omit({ verifiedPurchase: true }).extend({
  status: z.enum(reviewStatuses),
  productId: z.number().int(),
  productName: z.string(),
  productImage: z.string(),
  orderNumber: z.number().int(),
  customer: z.object({ name: z.string(), email: z.string() }),
  can: z.object({ approve: z.boolean(), hide: z.boolean() }),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;

export const adminReviewsPageSchema = pageOf(adminReviewSchema);
export type AdminReviewsPage = z.infer<typeof adminReviewsPageSchema>;

/** What the review form shows: the product, the order it was bought in, and whether it may be rated. */
export interface ReviewForm {
  invoiceId: string;
  orderNumber: number;
  product: { id: number; name: string; image: string };
  /** `ok`: may be rated now; `reviewed`: a review of it exists; `not_delivered`: not received yet. */
  state: 'ok' | 'reviewed' | 'not_delivered';
}

// ---- pages ----

/** The shopper's side of reviews (the product page reads them; the order's form writes one). */
export interface StoreReviews {
  /** A product's approved reviews, their average and distribution; null for no such product. */
  productReviews(productId: number, filter: ProductReviewsFilter): Promise<ProductReviews | null>;
  /** The review form of one product of one of the shopper's orders; null when it is not theirs. */
  reviewForm(invoiceId: string, productId: number): Promise<ReviewForm | null>;
  /**
   * Rates a product the shopper received, with up to three photos (files a form posted; an empty
   * one is none), as `POST /api/reviews` does: 403 REVIEW_NOT_BOUGHT, 409 REVIEW_ALREADY_WRITTEN,
   * 422 REVIEW_RATING_INVALID, a photo's refusal.
   */
  writeReview(input: ReviewInput, photos: (Blob | null | undefined)[]): Promise<ActionResult>;
}

/** The back office's reviews (staff and owners moderate). */
export interface BackOfficeReviews {
  page(filter: AdminReviewsFilterInput): Promise<AdminReviewsPage>;
  /** Shows the review and counts it in the product's average; 409 when it is approved already. */
  approve(id: string): Promise<ActionResult>;
  /** Takes the review off the product page and out of the average; 409 when hidden already. */
  hide(id: string): Promise<ActionResult>;
  /** Sets (or, empty, removes) the shop's answer under the review. */
  reply(id: string, input: ReviewReplyInput): Promise<ActionResult>;
}
