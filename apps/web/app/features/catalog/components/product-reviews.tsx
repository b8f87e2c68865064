import { reviewSorts, type ProductReviews, type Review, type ReviewSort } from '@shop/contract';
import { formatAverage, formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The product page's address parameters of its reviews: the sort and the page. */
export const REVIEW_SORT_PARAM = 'reviews';
export const REVIEW_PAGE_PARAM = 'reviewsPage';

/** Five stars, `rating` of them filled, named for screen readers by the words around them. */
function Stars({ rating, className = '' }: { rating: number; className?: string }) {
  const filled = Math.round(rating);
  return (
    <span aria-hidden="true" className={`tracking-tight whitespace-nowrap ${className}`}>
      <span className="text-amber-500">{'★'.repeat(filled)}</span>
      <span className="text-line">{'★'.repeat(5 - filled)}</span>
    </span>
  );
}

function ReviewItem({ review }: { review: Review }) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  return (
    <li className="flex flex-col gap-2 py-5" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} className="text-lg" />
        <span className="sr-only">
          {t('reviews.starsLabel', { rating: formatNumber(review.rating, lang) })}
        </span>
        {review.title && (
          <h3 dir="auto" className="font-bold">
            {review.title}
          </h3>
        )}
      </div>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span>
          {t('reviews.byOn', { author: review.author, date: formatDateTime(review.createdAt, lang) })}
        </span>
        {review.verifiedPurchase && (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            <span aria-hidden="true">✓</span>
            {t('reviews.verified')}
          </span>
        )}
      </p>
      {/* The shopper's words as text, never as HTML, in the direction they were typed. */}
      {review.body && (
        <p dir="auto" className="leading-relaxed whitespace-pre-line">
          {review.body}
        </p>
      )}
      {review.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {review.photos.map((src, index) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noreferrer">
                <img
                  src={src}
                  alt={t('reviews.photoOf', { number: formatNumber(index + 1, lang) })}
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 rounded-lg bg-surface object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {review.reply && (
        <div className="ms-4 rounded-xl border-s-4 border-primary bg-surface p-3 text-sm">
          <p className="mb-1 font-semibold">{t('reviews.reply')}</p>
          <p dir="auto" className="whitespace-pre-line">
            {review.reply}
          </p>
        </div>
      )}
    </li>
  );
}

/**
 * The product's ratings: the average of the approved reviews with one decimal, their count, a
 * bar for each star from 5 to 1, and the reviews a page at a time in the shopper's chosen order.
 * Sorting and paging are links (`?reviews=highest&reviewsPage=2#reviews`), working without
 * JavaScript; the variant chosen stays in the address.
 */
export function ProductReviewsSection({
  reviews,
  search,
}: {
  reviews: ProductReviews;
  /** The page's query string, whose other parameters the links keep. */
  search: string;
}) {
  const { t } = useTranslation('catalog');
  const { lang } = useLang();
  const { summary } = reviews;
  const pages = Math.max(1, Math.ceil(reviews.total / reviews.pageSize));
  const href = (sort: ReviewSort, page: number) => {
    const params = new URLSearchParams(search);
    params.delete(REVIEW_SORT_PARAM);
    params.delete(REVIEW_PAGE_PARAM);
    if (sort !== 'newest') params.set(REVIEW_SORT_PARAM, sort);
    if (page > 1) params.set(REVIEW_PAGE_PARAM, String(page));
    const query = params.toString();
    return `?${query}#reviews`;
  };
  const pill = 'inline-flex h-10 items-center rounded-full border px-4 text-sm font-semibold';
  return (
    <section id="reviews" aria-labelledby="reviews-title" className="mt-12 scroll-mt-24">
      <h2 id="reviews-title" className="mb-4 text-xl font-bold">
        {t('reviews.title')}
      </h2>
      {summary.count === 0 || summary.average === null ? (
        <p className="rounded-2xl bg-surface p-5 text-muted">{t('reviews.none')}</p>
      ) : (
        <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
          <div className="flex flex-col gap-4">
            <div className="flex flex-col gap-1" data-testid="rating-summary">
              <p className="text-4xl font-bold">
                <bdi>{formatAverage(summary.average)}</bdi>
              </p>
              <Stars rating={summary.average} className="text-xl" />
              <p className="text-sm text-muted">
                <span className="sr-only">
                  {t('reviews.average', { average: formatAverage(summary.average) })} ·{' '}
                </span>
                {t('reviews.count', { count: summary.count, number: formatNumber(summary.count, lang) })}
              </p>
            </div>
            <ul aria-label={t('reviews.distribution')} className="flex flex-col gap-1.5">
              {summary.distribution.map(({ stars, count }) => (
                <li
                  key={stars}
                  className="grid grid-cols-[3rem_1fr_2.5rem] items-center gap-2 text-sm"
                  aria-label={t('reviews.barLabel', {
                    stars: formatNumber(stars, lang),
                    count: formatNumber(count, lang),
                  })}
                >
                  <span aria-hidden="true">
                    {t('reviews.starsRow', { stars: formatNumber(stars, lang) })}
                  </span>
                  <span aria-hidden="true" className="h-2.5 overflow-hidden rounded-full bg-surface">
                    <span
                      className="block h-full rounded-full bg-amber-500"
                      style={{ width: `${Math.round((count / summary.count) * 100)}%` }}
                    />
                  </span>
                  <span aria-hidden="true" className="text-end text-muted">
                    {formatNumber(count, lang)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="flex flex-col">
            <nav aria-label={t('reviews.sortBy')} className="flex flex-wrap gap-2">
              {reviewSorts.map((sort) => (
                <a
                  key={sort}
                  href={href(sort, 1)}
                  aria-current={reviews.sort === sort ? 'true' : undefined}
                  className={`${pill} ${reviews.sort === sort ? 'border-primary bg-primary text-primary-ink' : 'border-line bg-white hover:bg-surface'}`}
                >
                  {t(`reviews.sorts.${sort}`)}
                </a>
              ))}
            </nav>
            <ul className="divide-y divide-line">
              {reviews.items.map((review) => (
                <ReviewItem key={review.id} review={review} />
              ))}
            </ul>
            {pages > 1 && (
              <nav className="flex flex-wrap items-center gap-3 border-t border-line pt-4 text-sm">
                {reviews.page > 1 && (
                  <a href={href(reviews.sort, reviews.page - 1)} className={`${pill} border-line bg-white`}>
                    {t('reviews.previous')}
                  </a>
                )}
                <span className="text-muted">
                  {t('reviews.pageOf', {
                    page: formatNumber(reviews.page, lang),
                    pages: formatNumber(pages, lang),
                  })}
                </span>
                {reviews.page < pages && (
                  <a href={href(reviews.sort, reviews.page + 1)} className={`${pill} border-line bg-white`}>
                    {t('reviews.next')}
                  </a>
                )}
              </nav>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
