import { REVIEW_REPLY_MAX, reviewStatuses, type AdminReview, type ReviewStatus } from '@shop/contract';
import { z } from 'zod';
import type { Route } from './+types/dashboard-reviews';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { DataTable, type Column } from '../features/dashboard/components/data-table.tsx';
import { EmptyState } from '../features/dashboard/components/empty-state.tsx';
import { FilterBar } from '../features/dashboard/components/filter-bar.tsx';
import { Pager } from '../features/dashboard/components/pager.tsx';
import { RowAction } from '../features/dashboard/components/row-action.tsx';
import { StatusBadge, type BadgeTone } from '../features/dashboard/components/status-badge.tsx';
import { formatDateTime, formatNumber } from '../features/dashboard/format.ts';
import { choiceFilter, readQueueQuery, textFilter } from '../features/dashboard/list-query.ts';
import { reviewsAction } from '../features/dashboard/reviews/reviews.server.ts';
import { requireMember } from '../features/dashboard/session.server.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

const ratings = ['5', '4', '3', '2', '1'] as const;

/**
 * The back office's reviews queue: newest first; search by the product's name or the review's
 * words, filter by status and by rating, in pages of 25, 50 or 100 (`?pageSize=`). Staff and
 * owners approve, hide (asked first) and reply in the row.
 */
export async function loader(args: Route.LoaderArgs) {
  const { bo } = await requireMember(args);
  const query = readQueueQuery(
    args.request,
    z.object({ q: textFilter, status: choiceFilter(reviewStatuses), rating: choiceFilter(ratings) }),
  );
  const page = await bo.reviews.page({
    ...query.filters,
    page: String(query.page),
    pageSize: String(query.pageSize),
  });
  return { filters: query.filters, page };
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireMember({ request, context });
  return reviewsAction(request, context);
}

const tones: Record<ReviewStatus, BadgeTone> = { pending: 'warning', approved: 'success', hidden: 'neutral' };

function ReviewActions({ review }: { review: AdminReview }) {
  const { t } = useTranslation('dashboard-reviews');
  const named = (key: string) => t(key, { name: review.productName });
  return (
    <div className="flex flex-col items-start gap-2">
      {review.can.approve && (
        <RowAction
          formKey={`approve:${review.id}`}
          fields={{ intent: 'approve', id: review.id }}
          label={t('approve')}
          accessibleLabel={named('approveNamed')}
        />
      )}
      {review.can.hide && (
        <ConfirmAction
          confirmKey={`hide:${review.id}`}
          fields={{ intent: 'hide', id: review.id }}
          label={t('hide')}
          accessibleLabel={named('hideNamed')}
          question={named('hideQuestion')}
          confirmLabel={t('hide')}
        />
      )}
    </div>
  );
}

/** The shop's reply under the review: shown when there is one, edited in a fold (no JavaScript needed). */
function ReplyForm({ review }: { review: AdminReview }) {
  const { t } = useTranslation('dashboard-reviews');
  return (
    <details className="mt-1">
      <summary className="cursor-pointer text-sm font-semibold text-primary">{t('reply')}</summary>
      <div className="mt-2">
        <RowAction
          formKey={`reply:${review.id}`}
          fields={{ intent: 'reply', id: review.id }}
          label={t('saveReply')}
          accessibleLabel={t('saveReplyNamed', { name: review.productName })}
        >
          <label className="flex w-full flex-col gap-1 text-xs font-semibold">
            {t('replyLabel')}
            <textarea
              name="reply"
              dir="auto"
              defaultValue={review.reply}
              maxLength={REVIEW_REPLY_MAX}
              rows={2}
              className="w-full rounded-xl border border-line bg-white px-3 py-2 text-sm font-normal"
            />
          </label>
        </RowAction>
      </div>
    </details>
  );
}

export default function DashboardReviews({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-reviews');
  const { lang } = useLang();
  const { filters, page } = loaderData;
  const filtered = Object.values(filters).some(Boolean);

  const columns: Column<AdminReview>[] = [
    {
      key: 'columns.product',
      header: t('columns.product'),
      cell: (review) => (
        <div className="flex min-w-40 items-center gap-2">
          {review.productImage && (
            <img
              src={review.productImage}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-lg bg-surface object-contain"
            />
          )}
          <ShopLink
            to={`/product/${review.productId}`}
            className="font-semibold text-primary hover:underline"
          >
            {review.productName}
          </ShopLink>
        </div>
      ),
    },
    {
      key: 'columns.review',
      header: t('columns.review'),
      cell: (review) => (
        <div className="flex max-w-md min-w-52 flex-col gap-1">
          <span className="whitespace-nowrap">
            <span aria-hidden="true" className="text-amber-500">
              {'★'.repeat(review.rating)}
            </span>
            <span aria-hidden="true" className="text-line">
              {'★'.repeat(5 - review.rating)}
            </span>
            <span className="ms-2 text-xs text-muted">
              {t('stars', { count: review.rating, number: formatNumber(review.rating, lang) })}
            </span>
          </span>
          {review.title && (
            <span dir="auto" className="font-semibold">
              {review.title}
            </span>
          )}
          {/* The shopper's words as text, never as HTML, in the direction they were typed. */}
          {review.body ? (
            <span dir="auto" className="whitespace-pre-line">
              {review.body}
            </span>
          ) : (
            !review.title && <span className="text-muted">{t('noWords')}</span>
          )}
          {review.photos.length > 0 && (
            <span className="flex gap-1">
              {review.photos.map((src) => (
                <a key={src} href={src} target="_blank" rel="noreferrer">
                  <img src={src} alt="" width={40} height={40} className="size-10 rounded object-cover" />
                </a>
              ))}
            </span>
          )}
          {review.reply && (
            <span
              dir="auto"
              className="rounded-lg border-s-4 border-primary bg-surface p-2 text-sm whitespace-pre-line"
            >
              {review.reply}
            </span>
          )}
          <ReplyForm review={review} />
        </div>
      ),
    },
    {
      key: 'columns.customer',
      header: t('columns.customer'),
      cell: (review) => (
        <div className="flex flex-col">
          <span dir="auto">{review.customer.name}</span>
          <span className="text-xs text-muted" dir="ltr">
            {review.customer.email}
          </span>
          <ShopLink
            to={`/dashboard/orders/${review.orderNumber}`}
            className="text-xs text-primary hover:underline"
          >
            {t('order', { number: review.orderNumber })}
          </ShopLink>
        </div>
      ),
    },
    {
      key: 'columns.date',
      header: t('columns.date'),
      cell: (review) => <span className="whitespace-nowrap">{formatDateTime(review.createdAt, lang)}</span>,
    },
    {
      key: 'columns.status',
      header: t('columns.status'),
      cell: (review) => (
        <StatusBadge tone={tones[review.status]}>{t(`statuses.${review.status}`)}</StatusBadge>
      ),
    },
    {
      key: 'columns.actions',
      header: t('columns.actions'),
      cell: (review) => <ReviewActions review={review} />,
    },
  ];

  return (
    <DashboardPage title={t('title')}>
      <FilterBar
        values={filters}
        texts={[{ name: 'q', label: t('search') }]}
        selects={[
          {
            name: 'status',
            label: t('status'),
            options: reviewStatuses.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
          {
            name: 'rating',
            label: t('rating'),
            options: ratings.map((r) => ({ value: r, label: t('stars', { count: Number(r), number: r }) })),
          },
        ]}
      />
      {page.items.length === 0 ? (
        <EmptyState filtered={filtered} message={filtered ? undefined : t('empty')} />
      ) : (
        <DataTable
          caption={t('caption')}
          columns={columns}
          rows={page.items}
          rowKey={(review) => review.id}
        />
      )}
      <Pager page={page.page} pageSize={page.pageSize} total={page.total} />
    </DashboardPage>
  );
}
