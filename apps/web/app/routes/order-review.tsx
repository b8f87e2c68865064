import { REVIEW_BODY_MAX, REVIEW_PHOTO_FIELDS, REVIEW_TITLE_MAX, reviewInputSchema } from '@shop/contract';
import { data, useActionData } from 'react-router';
import type { Route } from './+types/order-review';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { parseId } from '../features/catalog/listing.server.ts';
import { answerForm, postedFile, readForm, submitAction } from '../lib/form-action.server.ts';
import { useActionForm, type FormAnswer } from '../lib/form-answer.ts';
import { formatNumber } from '../lib/format.ts';
import { serverT } from '../lib/i18n.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The product of one of the shopper's orders and whether it may be rated now (one read). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const productId = parseId(params.productId);
  const [t, form] = await Promise.all([
    serverT(requestLang(request)),
    store.reviewForm(params.id, productId),
  ]);
  // Someone else's order, or a product it does not hold, reads as missing.
  if (!form) throw data(null, { status: 404 });
  return {
    seo: {
      title: t('account:reviews.formTitle', { name: form.product.name }),
      description: t('account:orders.description'),
      path: `/order/details/${form.invoiceId}/review/${productId}`,
      noindex: true,
    },
    form,
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

type ReviewAnswer = FormAnswer & { values?: Record<string, string> };

/**
 * The review form: stars, a title, words and up to three photos, checked as the API checks them
 * and asked of the shop for this shopper. A refusal (a rating out of range, words too long, a
 * second review, no delivered order) is shown at its field with what was typed kept; once
 * written, back to the order's page with the shop's thanks.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const lang = requestLang(request);
  const { store } = await requireUser(request, context);
  const productId = parseId(params.productId);
  const read = await readForm(request);
  const result = await submitAction(
    request,
    {
      schema: reviewInputSchema,
      input: (values) => ({
        productId,
        rating: values.rating,
        title: values.title ?? '',
        body: values.body ?? '',
      }),
      run: (input, form) =>
        store.writeReview(
          input,
          REVIEW_PHOTO_FIELDS.map((field) => postedFile(form, field)),
        ),
    },
    read,
  );
  if (!result.ok) return data<ReviewAnswer>({ error: result.error, values: result.values });
  return answerForm(request, result, { redirectTo: localizePath(`/order/details/${params.id}`, lang) });
}

const field =
  'w-full rounded-xl border border-line bg-white px-4 text-base outline-none focus:border-primary focus:ring-2 focus:ring-primary/30 aria-[invalid=true]:border-sale';

export default function OrderReviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const { form } = loaderData;
  const posted = useActionData<ReviewAnswer>();
  const { Form, busy, errorFor, answer } = useActionForm<ReviewAnswer>({
    serverAnswer: posted,
    redirectAfterMs: 1200,
  });
  const kept = answer?.values ?? {};
  const ratingError = errorFor('rating');
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <ShopLink
        to={`/order/details/${form.invoiceId}`}
        className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <Icon name="chevronStart" className="size-4 rtl:-scale-x-100" />
        {t('reviews.backToOrder', { number: form.orderNumber })}
      </ShopLink>
      <div className="mb-6 flex items-center gap-4">
        {form.product.image && (
          <img
            src={form.product.image}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-xl bg-surface object-contain"
          />
        )}
        <div className="flex min-w-0 flex-col">
          <h1 className="text-2xl font-bold">{t('reviews.formTitle', { name: form.product.name })}</h1>
          <p className="text-sm text-muted">{t('reviews.fromOrder', { number: form.orderNumber })}</p>
        </div>
      </div>
      {form.state !== 'ok' && !answer?.done ? (
        <p role="status" className="rounded-2xl border border-line p-4">
          {form.state === 'reviewed' ? t('reviews.reviewed') : t('reviews.notDelivered')}
        </p>
      ) : (
        <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
          {answer?.error && !answer.error.field && (
            <p
              role="alert"
              className="rounded-2xl border border-sale bg-red-50 p-4 text-sm font-medium text-sale"
            >
              {answer.error.message}
            </p>
          )}
          {answer?.done && (
            <p role="status" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-4 font-medium">
              {answer.done}
            </p>
          )}
          <fieldset
            className="flex flex-col gap-2"
            aria-describedby={ratingError ? 'review-rating-error' : undefined}
          >
            <legend className="mb-2 text-lg font-bold">{t('reviews.rating')}</legend>
            {/* Five choices, one star more each: a row that reads from the inline start. */}
            <div className="flex flex-wrap gap-2">
              {[1, 2, 3, 4, 5].map((n) => (
                <label
                  key={n}
                  className="inline-flex h-11 cursor-pointer items-center gap-1 rounded-full border border-line bg-white px-4 has-[:checked]:border-amber-500 has-[:checked]:bg-amber-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-primary/40"
                >
                  <input
                    type="radio"
                    name="rating"
                    value={n}
                    defaultChecked={kept.rating === String(n)}
                    className="sr-only"
                  />
                  <span aria-hidden="true" className="text-amber-500">
                    {'★'.repeat(n)}
                  </span>
                  <span className="text-sm font-semibold">
                    {t('reviews.star', { count: n, number: formatNumber(n, lang) })}
                  </span>
                </label>
              ))}
            </div>
            {ratingError && (
              <p id="review-rating-error" role="alert" className="text-sm font-medium text-sale">
                {ratingError}
              </p>
            )}
          </fieldset>
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-semibold">{t('reviews.title')}</span>
            <input
              name="title"
              maxLength={REVIEW_TITLE_MAX}
              defaultValue={kept.title ?? ''}
              aria-invalid={errorFor('title') ? true : undefined}
              className={`${field} h-12`}
            />
            {errorFor('title') && (
              <span role="alert" className="text-sm font-medium text-sale">
                {errorFor('title')}
              </span>
            )}
          </label>
          <label className="flex flex-col gap-1.5">
            <span className="text-sm font-semibold">{t('reviews.body')}</span>
            <textarea
              name="body"
              maxLength={REVIEW_BODY_MAX}
              defaultValue={kept.body ?? ''}
              aria-invalid={errorFor('body') ? true : undefined}
              aria-describedby="review-body-hint"
              className={`${field} min-h-32 py-3`}
            />
            <span id="review-body-hint" className="text-sm text-muted">
              {t('reviews.bodyHint')}
            </span>
            {errorFor('body') && (
              <span role="alert" className="text-sm font-medium text-sale">
                {errorFor('body')}
              </span>
            )}
          </label>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-lg font-bold">{t('reviews.photos')}</legend>
            <p className="text-sm text-muted">{t('reviews.photosHint')}</p>
            {REVIEW_PHOTO_FIELDS.map((name, index) => (
              <label key={name} className="flex flex-col gap-1 text-sm">
                <span>{t('reviews.photo', { number: formatNumber(index + 1, lang) })}</span>
                <input type="file" name={name} accept="image/jpeg,image/png,image/webp" />
              </label>
            ))}
            {errorFor('photos') && (
              <p role="alert" className="text-sm font-medium text-sale">
                {errorFor('photos')}
              </p>
            )}
          </fieldset>
          <SubmitButton busy={busy} className="self-start">
            {t('reviews.submit')}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
