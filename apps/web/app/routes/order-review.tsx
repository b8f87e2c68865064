import { REVIEW_BODY_MAX, REVIEW_PHOTO_FIELDS, REVIEW_TITLE_MAX, reviewInputSchema } from '@shop/contract';
import { data } from 'react-router';
import type { Route } from './+types/order-review';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { PhotoFields } from '../components/ui/photo-fields.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../components/ui/text-field.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { parseId } from '../features/catalog/listing.server.ts';
import { postedFile, readForm, submitAction } from '../lib/form-action.server.ts';
import { answerOrderForm } from '../features/orders/order-form.server.ts';
import { useOrderForm } from '../features/orders/order-form.ts';
import { formatNumber } from '../lib/format.ts';
import { serverT } from '../lib/i18n.server.ts';
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

/**
 * The review form: stars, a title, words and up to three photos, checked as the API checks them
 * and asked of the shop for this shopper. A refusal (a rating out of range, words too long, a
 * second review, no delivered order) is shown at its field with what was typed kept; once
 * written, back to the order's page with the shop's thanks.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
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
  return answerOrderForm(request, result, params.id);
}

export default function OrderReviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const { form } = loaderData;
  const { Form, busy, errorFor, answer, kept } = useOrderForm();
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
          <TextField
            label={t('reviews.title')}
            name="title"
            dir="auto"
            maxLength={REVIEW_TITLE_MAX}
            defaultValue={kept.title ?? ''}
            error={errorFor('title')}
          />
          <TextAreaField
            label={t('reviews.body')}
            name="body"
            dir="auto"
            maxLength={REVIEW_BODY_MAX}
            defaultValue={kept.body ?? ''}
            hint={t('reviews.bodyHint')}
            error={errorFor('body')}
            className="min-h-32"
          />
          <PhotoFields
            fields={REVIEW_PHOTO_FIELDS}
            legend={t('reviews.photos')}
            hint={t('reviews.photosHint')}
            photoLabel={(number) => t('reviews.photo', { number })}
            error={errorFor('photos')}
          />
          <SubmitButton busy={busy} className="self-start">
            {t('reviews.submit')}
          </SubmitButton>
        </Form>
      )}
    </div>
  );
}
