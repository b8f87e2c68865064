import { RETURN_PHOTO_FIELDS, returnReasons, returnRequestInputSchema } from '@shop/contract';
import { data } from 'react-router';
import type { Route } from './+types/order-return';
import { Icon } from '../components/ui/icon.tsx';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { PhotoFields } from '../components/ui/photo-fields.tsx';
import { SubmitButton } from '../components/ui/submit-button.tsx';
import { TextAreaField } from '../components/ui/text-field.tsx';
import { requireUser } from '../features/auth/session.server.ts';
import { postedFile, readForm, submitAction } from '../lib/form-action.server.ts';
import { answerOrderForm } from '../features/orders/order-form.server.ts';
import { useOrderForm } from '../features/orders/order-form.ts';
import { formatDateTime, formatNumber } from '../lib/format.ts';
import { serverT } from '../lib/i18n.server.ts';
import { requestLang } from '../lib/route-lang.ts';
import { pageMeta } from '../lib/route-meta.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';

/** The order with its returns: what can still be returned, until when (one read). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { store } = await requireUser(request, context);
  const [t, order] = await Promise.all([serverT(requestLang(request)), store.order(params.id)]);
  // Someone else's order reads as missing: no hint that it exists.
  if (!order?.returns) throw data(null, { status: 404 });
  return {
    seo: {
      title: t('account:returns.formTitle', { number: order.number }),
      description: t('account:orders.description'),
      path: `/order/details/${order.invoiceId}/return`,
      noindex: true,
    },
    order: { invoiceId: order.invoiceId, number: order.number, returns: order.returns },
  };
}

export const meta: Route.MetaFunction = (args) => pageMeta(args);

/**
 * The return form: units per line (`qty_<lineId>`), the reason, words and up to three photos,
 * checked as the API checks them and asked of the shop for this shopper; the shop's refusal
 * (the window closed, more units than are left) is shown at its field with what was chosen kept.
 * Once asked, back to the order's page, which shows the request.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { store } = await requireUser(request, context);
  const read = await readForm(request);
  const result = await submitAction(
    request,
    {
      schema: returnRequestInputSchema,
      input: (values) => ({
        lines: Object.entries(values)
          .filter(([name]) => name.startsWith('qty_'))
          .map(([name, quantity]) => ({ lineId: name.slice('qty_'.length), quantity })),
        reason: values.reason,
        details: values.details ?? '',
      }),
      // The shop names a line by its id (`lines.<lineId>`), the form's select by `qty_<lineId>`.
      fieldOf: (path) =>
        path[0] === 'lines' && path.length === 2 ? `qty_${String(path[1])}` : String(path[0] ?? ''),
      run: (input, form) =>
        store.requestReturn(
          params.id,
          input,
          RETURN_PHOTO_FIELDS.map((field) => postedFile(form, field)),
        ),
    },
    read,
  );
  return answerOrderForm(request, result, params.id);
}

export default function OrderReturnPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const { order } = loaderData;
  const { returns } = order;
  const { Form, busy, errorFor, answer, kept } = useOrderForm();
  const returnable = returns.lines.filter((line) => line.returnable > 0);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <ShopLink
        to={`/order/details/${order.invoiceId}`}
        className="mb-4 inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
      >
        <Icon name="chevronStart" className="size-4 rtl:-scale-x-100" />
        {t('returns.backToOrder', { number: order.number })}
      </ShopLink>
      <h1 className="mb-2 text-2xl font-bold">{t('returns.formTitle', { number: order.number })}</h1>
      {!returns.open ? (
        <p role="status" className="rounded-2xl border border-line p-4">
          {returns.windowEndsAt ? t('returns.windowClosed') : t('returns.notDelivered')}
        </p>
      ) : (
        <>
          <p className="mb-6 text-sm text-muted">
            {t('returns.windowOpen', { date: formatDateTime(returns.windowEndsAt!, lang) })}
          </p>
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-6" noValidate>
            {answer?.error && !answer.error.field && (
              <p
                role="alert"
                className="rounded-2xl border border-sale bg-red-50 p-4 text-sm font-medium text-sale"
              >
                {answer.error.message}
              </p>
            )}
            <fieldset className="flex flex-col gap-3" aria-describedby="return-lines-error">
              <legend className="mb-2 text-lg font-bold">{t('returns.whichItems')}</legend>
              <ul className="flex flex-col divide-y divide-line rounded-2xl border border-line">
                {returnable.map((line) => {
                  const field = `qty_${line.lineId}`;
                  const error = errorFor(field);
                  return (
                    <li key={line.lineId} className="flex flex-wrap items-center justify-between gap-3 p-4">
                      <div className="flex min-w-0 items-center gap-3">
                        {line.productImage && (
                          <img
                            src={line.productImage}
                            alt=""
                            width={56}
                            height={56}
                            className="size-14 rounded-lg object-cover"
                          />
                        )}
                        <div className="flex min-w-0 flex-col">
                          <span className="font-semibold">{line.productName}</span>
                          {line.options && <span className="text-sm text-muted">{line.options}</span>}
                          <span className="text-sm text-muted">
                            {t('returns.bought', {
                              count: line.bought,
                              number: formatNumber(line.bought, lang),
                            })}
                          </span>
                        </div>
                      </div>
                      <label className="flex items-center gap-2 text-sm font-semibold">
                        {t('returns.quantity')}
                        <select
                          name={field}
                          defaultValue={kept[field] ?? '0'}
                          aria-label={t('returns.quantityOf', { name: line.productName })}
                          aria-invalid={error ? true : undefined}
                          className="h-11 rounded-xl border border-line bg-white px-3 aria-[invalid=true]:border-sale"
                        >
                          {Array.from({ length: line.returnable + 1 }, (_, n) => (
                            <option key={n} value={n}>
                              {formatNumber(n, lang)}
                            </option>
                          ))}
                        </select>
                      </label>
                      {error && (
                        <p role="alert" className="w-full text-sm font-medium text-sale">
                          {error}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
              {errorFor('lines') && (
                <p id="return-lines-error" role="alert" className="text-sm font-medium text-sale">
                  {errorFor('lines')}
                </p>
              )}
            </fieldset>
            <fieldset className="flex flex-col gap-2" aria-describedby="return-reason-error">
              <legend className="mb-2 text-lg font-bold">{t('returns.reason')}</legend>
              {returnReasons.map((reason) => (
                <label key={reason} className="inline-flex items-center gap-2">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    defaultChecked={kept.reason === reason}
                    className="size-4 accent-primary"
                  />
                  {t(`returns.reasons.${reason}`)}
                </label>
              ))}
              {errorFor('reason') && (
                <p id="return-reason-error" role="alert" className="text-sm font-medium text-sale">
                  {errorFor('reason')}
                </p>
              )}
            </fieldset>
            <TextAreaField
              label={t('returns.details')}
              name="details"
              maxLength={1000}
              defaultValue={kept.details ?? ''}
              error={errorFor('details')}
            />
            <PhotoFields
              fields={RETURN_PHOTO_FIELDS}
              legend={t('returns.photos')}
              hint={t('returns.photosHint')}
              photoLabel={(number) => t('returns.photo', { number })}
              error={errorFor('photos')}
            />
            <SubmitButton busy={busy} className="self-start">
              {t('returns.submit')}
            </SubmitButton>
          </Form>
        </>
      )}
    </div>
  );
}
