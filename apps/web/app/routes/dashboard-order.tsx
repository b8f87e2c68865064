import { capturePartSchema, fulfilmentChangeSchema, safeTrackingUrl, type AdminOrder } from '@shop/contract';
import { brandKey } from '../features/checkout/card-label.ts';
import { z } from 'zod';
import { data, useActionData } from 'react-router';
import type { Route } from './+types/dashboard-order';
import { ShopLink } from '../components/ui/shop-link.tsx';
import { ConfirmAction } from '../features/dashboard/components/confirm-action.tsx';
import { DashboardPage } from '../features/dashboard/components/dashboard-page.tsx';
import { askToConfirm, confirmError } from '../features/dashboard/confirm.server.ts';
import { formatDateTime, formatNumber, formatPrice } from '../features/dashboard/format.ts';
import { loadBackOfficeOrder } from '../features/dashboard/orders/order-page.server.ts';
import { OrderStatusBadge } from '../features/dashboard/orders/order-status-badge.tsx';
import { StatusBadge } from '../features/dashboard/components/status-badge.tsx';
import { FulfilmentSection } from '../features/dashboard/orders/fulfilment-section.tsx';
import { requireMember } from '../features/dashboard/session.server.ts';
import { formDone, readForm, submitAction } from '../lib/form-action.server.ts';
import { localizePath } from '../lib/lang.ts';
import { requestLang } from '../lib/route-lang.ts';
import { useLang } from '../lib/use-lang.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { VariantNote } from '../components/ui/variant-note.tsx';
import { NationalAddressList } from '../components/ui/national-address.tsx';
import { ReturnRequestCard } from '../features/dashboard/returns/return-request-card.tsx';
import { isReturnIntent, returnStep } from '../features/dashboard/returns/return-step.server.ts';

/** One order in the back office: what was bought, by whom, where to, its payments and history. */
export async function loader(args: Route.LoaderArgs) {
  return loadBackOfficeOrder(args);
}

const cancelSchema = z.object({ intent: z.enum(['cancel', 'cancelPaid']) });

/**
 * Each of the page's forms posts here with its `intent`: a fulfilment step (`fulfil`, with the
 * status and, for shipping, the carrier and tracking), or a cancel (confirmed first): of an
 * unpaid order, or of a paid one (owners; it refunds). The shop makes the change with its audit
 * entry; the page then reads the order again. A refusal (another member was first, a step
 * backwards) is shown next to the form that posted, in the member's language. A return
 * request's steps (approve, reject, receive, refund) post here too, with the request's id.
 */
export async function action(args: Route.ActionArgs) {
  const { request, params } = args;
  const { bo } = await requireMember(args);
  const lang = requestLang(request);
  const read = await readForm(request);
  // Capturing part names its amount in a form of its own, which is its confirmation.
  if (read.values.intent !== 'fulfil' && read.values.intent !== 'capturePart') {
    const ask = askToConfirm(read.values);
    if (ask) return ask;
  }
  const intent = read.values.intent;
  const result = isReturnIntent(intent)
    ? await returnStep(request, bo, intent, read)
    : intent === 'fulfil'
      ? await submitAction(
          request,
          { schema: fulfilmentChangeSchema, run: (input) => bo.orders.fulfil(params.ref, input) },
          read,
        )
      : intent === 'captureNow'
        ? await submitAction(
            request,
            { schema: z.object({}), run: () => bo.orders.captureNow(params.ref) },
            read,
          )
        : intent === 'capturePart'
          ? await submitAction(
              request,
              { schema: capturePartSchema, run: (input) => bo.orders.capturePart(params.ref, input) },
              read,
            )
          : await submitAction(
              request,
              { schema: cancelSchema, run: (input) => bo.orders[input.intent](params.ref) },
              read,
            );
  // A refused part capture comes back to its own form with the amount as it was typed.
  if (!result.ok && intent === 'capturePart')
    return data({ error: result.error, capturePart: { amount: read.values.amount ?? '' } });
  if (!result.ok) return confirmError(read.values, result.error);
  const back = localizePath(`/dashboard/orders/${params.ref}`, lang);
  return formDone(
    request,
    { done: result.answer.message, confirmKey: read.values.confirmKey },
    { headers: result.headers, back },
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-6">
      <h2 className="text-lg font-bold">{title}</h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
      <dt className="text-muted">{label}</dt>
      <dd className="font-semibold">{children}</dd>
    </div>
  );
}

function Lines({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  return (
    <Section title={t('details.lines')}>
      <ul className="flex flex-col divide-y divide-line">
        {order.lines.map((line) => (
          <li key={line.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div className="flex min-w-0 items-center gap-3">
              {line.image && (
                <img
                  src={line.image}
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 rounded-lg object-cover"
                />
              )}
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold">{line.name}</span>
                <VariantNote options={line.options} sku={line.sku} />
                <span className="text-sm text-muted">
                  {formatNumber(line.quantity, lang)} × {formatPrice(line.unitPrice, lang)}
                  {line.listPrice > line.unitPrice && (
                    <>
                      {' · '}
                      <s>{t('details.listPrice', { price: formatPrice(line.listPrice, lang) })}</s>
                    </>
                  )}
                </span>
              </div>
            </div>
            <span className="font-semibold tabular-nums">{formatPrice(line.lineTotal, lang)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-2 border-t border-line pt-3">
        <Row label={t('details.subtotal')}>{formatPrice(order.totals.subtotal, lang)}</Row>
        {order.totals.discount > 0 && (
          <Row label={t('details.discount')}>− {formatPrice(order.totals.discount, lang)}</Row>
        )}
        {order.totals.codeDiscount > 0 && (
          <Row label={t('details.codeDiscount', { code: order.totals.discountCode })}>
            − {formatPrice(order.totals.codeDiscount, lang)}
          </Row>
        )}
        <Row label={t('details.shipping')}>{formatPrice(order.totals.shipping, lang)}</Row>
        <Row label={t('details.vat')}>{formatPrice(order.totals.vat, lang)}</Row>
        <Row label={t('details.total')}>
          <span className="text-lg">{formatPrice(order.totals.total, lang)}</span>
        </Row>
      </dl>
    </Section>
  );
}

/**
 * A pay-later order's money still at its provider: the deadline and what the shop does a day
 * before it (Riyadh time), or the capture owed since shipping with "Capture now"; and, for an
 * order still authorised, capturing what shipped and closing the rest (owners).
 */
function Capture({ order, isOwner }: { order: AdminOrder; isOwner: boolean }) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const answer = useActionData<{ error?: { message?: string }; capturePart?: { amount: string } }>();
  const refused = answer?.capturePart;
  const { capture } = order;
  if (!capture) return null;
  return (
    <Section title={t('details.capture.title')}>
      <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm font-semibold">
        {capture.status === 'owed'
          ? t('details.capture.owed')
          : t('details.capture.awaiting', {
              deadline: formatDateTime(capture.deadline, lang),
              action: t(`details.capture.actions.${capture.action}`),
              actionAt: formatDateTime(capture.actionAt, lang),
            })}
      </p>
      {order.can.captureNow && (
        <ConfirmAction
          confirmKey={`captureNow:${order.id}`}
          fields={{ intent: 'captureNow' }}
          label={t('details.capture.captureNow')}
          question={t('details.capture.owed')}
          confirmLabel={t('details.capture.captureNow')}
        />
      )}
      {order.can.capturePart && isOwner && (
        <form method="post" className="flex flex-wrap items-end gap-3">
          <p className="w-full text-sm text-muted">{t('details.capture.partLead')}</p>
          <input type="hidden" name="intent" value="capturePart" />
          <label className="flex flex-col gap-1 text-sm font-semibold">
            {t('details.capture.partAmount')}
            <input
              name="amount"
              inputMode="decimal"
              dir="ltr"
              required
              defaultValue={refused?.amount}
              aria-invalid={refused ? true : undefined}
              className="h-10 w-40 rounded-lg border border-line px-3 text-start"
            />
          </label>
          <button
            type="submit"
            className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
          >
            {t('details.capture.partSubmit')}
          </button>
          {refused && answer?.error?.message && (
            <p role="alert" className="w-full text-sm text-sale">
              {answer.error.message}
            </p>
          )}
        </form>
      )}
    </Section>
  );
}

function Actions({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('dashboard-orders');
  const { t: tEinvoices } = useTranslation('dashboard-einvoices');
  const { can } = order;
  const any = can.cancel || can.refund || order.invoice;
  return (
    <Section title={t('details.actions')}>
      {!any && <p className="text-muted">{t('details.noActions')}</p>}
      <div className="flex flex-wrap gap-2">
        {can.cancel && (
          <ConfirmAction
            confirmKey={`cancel:${order.id}`}
            fields={{ intent: 'cancel' }}
            label={t('actions.cancel')}
            question={t('actions.cancelQuestion', { number: order.number })}
            confirmLabel={t('actions.cancelConfirm')}
          />
        )}
        {can.refund && (
          <ShopLink
            to={`/dashboard/orders/${order.number}/refund`}
            className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
          >
            {t('actions.refund')}
          </ShopLink>
        )}
        {order.invoice && (
          <ShopLink
            to={`/dashboard/orders/${order.number}/invoice`}
            className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
          >
            {t('actions.invoice')}
          </ShopLink>
        )}
        {order.invoice && (
          <ShopLink
            to={`/dashboard/orders/${order.number}/einvoices`}
            className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
          >
            {tEinvoices('title')}
          </ShopLink>
        )}
      </div>
    </Section>
  );
}

/** The order's return requests, newest first, each with the step a member may take next. */
function Returns({ order, isOwner }: { order: AdminOrder; isOwner: boolean }) {
  const { t } = useTranslation('dashboard-orders');
  if (order.returns.length === 0) return null;
  return (
    <Section title={t('returns.title')}>
      {order.returns.map((request) => (
        <ReturnRequestCard key={request.id} request={request} isOwner={isOwner} />
      ))}
    </Section>
  );
}

function Timeline({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  return (
    <Section title={t('details.timeline')}>
      <ol className="flex flex-col gap-3 border-s-2 border-line ps-4">
        {order.timeline.map((entry, index) => (
          <li key={`${entry.event}-${index}`} className="flex flex-col">
            <span className="font-semibold">
              {t(`events.${entry.event}`)}
              {entry.amount !== undefined && ` · ${formatPrice(entry.amount, lang)}`}
            </span>
            <span className="text-sm text-muted">
              {entry.at ? formatDateTime(entry.at, lang) : t('details.timeUnknown')}
              {entry.by && ` · ${t('details.by', { name: entry.by.name })}`}
            </span>
            {entry.carrier && (
              <span className="text-sm">
                {t('fulfilment.shipment', { carrier: entry.carrier, number: entry.trackingNumber })}
                {safeTrackingUrl(entry.trackingUrl) && (
                  <>
                    {' · '}
                    <a
                      href={safeTrackingUrl(entry.trackingUrl)!}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="font-semibold text-primary hover:underline"
                    >
                      {t('fulfilment.track')}
                    </a>
                  </>
                )}
              </span>
            )}
          </li>
        ))}
      </ol>
      {order.status === 'awaiting_payment' && (
        <p className="text-sm text-muted">
          {t('details.expiresAt', { time: formatDateTime(order.expiresAt, lang) })}
        </p>
      )}
    </Section>
  );
}

function Payments({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('dashboard-orders');
  const { t: tc } = useTranslation('common');
  const { lang } = useLang();
  return (
    <Section title={t('details.payments')}>
      {order.paidAt && (
        <dl className="mb-4 text-sm">
          <Row label={t('details.method')}>
            <span data-testid="paid-with">
              {order.paymentCard
                ? `${t(`methods.${order.paymentMethod}`)} — ${tc('cards.masked', {
                    brand: tc(brandKey(order.paymentCard.brand)),
                    lastFour: order.paymentCard.lastFour,
                  })}`
                : t(`methods.${order.paymentMethod}`)}
            </span>
          </Row>
        </dl>
      )}
      {order.payments.length === 0 ? (
        <p className="text-muted">{t('details.noPayments')}</p>
      ) : (
        <ul className="flex flex-col gap-4">
          {order.payments.map((payment) => (
            <li key={payment.id}>
              <dl className="flex flex-col gap-1 text-sm">
                <Row label={t('details.paymentId')}>
                  <span dir="ltr" className="break-all font-mono text-xs">
                    {payment.id}
                  </span>
                </Row>
                <Row label={t('details.provider')}>{payment.provider}</Row>
                <Row label={t('details.paymentStatus')}>
                  {payment.status}
                  {payment.paidTheOrder && ` (${t('details.paidTheOrder')})`}
                </Row>
                <Row label={t('details.amount')}>{formatPrice(payment.amount, lang)}</Row>
                <Row label={t('details.message')}>{payment.message || '—'}</Row>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

const messageTone = {
  queued: 'neutral',
  sending: 'info',
  sent: 'info',
  delivered: 'success',
  failed: 'danger',
} as const;

/** The shopper's messages about the order, one line per event and channel, with where each stands. */
function Messages({ order }: { order: AdminOrder }) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  return (
    <Section title={t('messages.title')}>
      {order.messages.length === 0 ? (
        <p className="text-muted">{t('messages.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line text-sm">
          {order.messages.map((message) => (
            <li key={message.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-semibold">{t(`messages.events.${message.event}`)}</span>
              <span className="text-muted">{t(`messages.channels.${message.channel}`)}</span>
              <span dir="ltr" className="text-muted">
                {message.to}
              </span>
              <StatusBadge tone={messageTone[message.status]}>
                {t(`messages.status.${message.status}`)}
              </StatusBadge>
              <span className="text-xs text-muted">
                {message.sentAt
                  ? formatDateTime(message.sentAt, lang)
                  : t('messages.attempts', { count: message.attempts })}
              </span>
              {message.lastError && (
                <span dir="ltr" className="w-full break-all text-start text-xs text-sale">
                  {message.lastError}
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export default function DashboardOrder({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('dashboard-orders');
  const nav = useTranslation('dashboard').t;
  const { t: tc } = useTranslation('common');
  const { lang } = useLang();
  const { order, isOwner } = loaderData;
  const title = t('orderNumber', { number: order.number });
  return (
    <DashboardPage
      title={title}
      breadcrumbs={[{ label: nav('nav.orders'), to: '/dashboard/orders' }, { label: title }]}
      actions={<OrderStatusBadge status={order.status} />}
    >
      <p className="text-muted">{formatDateTime(order.createdAt, lang)}</p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Capture order={order} isOwner={isOwner} />
          <FulfilmentSection order={order} isOwner={isOwner} />
          <Returns order={order} isOwner={isOwner} />
          <Actions order={order} />
          <Lines order={order} />
          <Payments order={order} />
        </div>
        <div className="flex flex-col gap-6">
          <Section title={t('details.customer')}>
            <div className="flex flex-col gap-1">
              <p dir="auto" className="text-start font-semibold">
                {order.customer.name}
              </p>
              <p dir="ltr" className="text-start text-sm">
                <a
                  href={`mailto:${order.customer.email}`}
                  className="inline-block min-h-6 py-0.5 text-primary hover:underline"
                >
                  {order.customer.email}
                </a>
              </p>
              <p dir="ltr" className="text-start text-sm">
                <a
                  href={`tel:${order.customer.phone}`}
                  className="inline-block min-h-6 py-0.5 text-primary hover:underline"
                >
                  {order.customer.phone}
                </a>
              </p>
            </div>
          </Section>
          <Section title={t('details.delivery')}>
            <dl className="flex flex-col gap-2 text-sm">
              <div>
                <dt className="text-muted">{t('details.address')}</dt>
                <dd dir="auto" className="whitespace-pre-line text-start font-semibold">
                  {order.address}
                </dd>
              </div>
              {order.nationalAddress && (
                <div>
                  <dt className="text-muted">{tc('nationalAddress.title')}</dt>
                  <dd>
                    <NationalAddressList value={order.nationalAddress} className="mt-1" />
                  </dd>
                </div>
              )}
              <div>
                <dt className="text-muted">{t('details.phone')}</dt>
                <dd dir="ltr" className="text-start font-semibold">
                  {order.phone || '—'}
                </dd>
              </div>
              <div>
                <dt className="text-muted">{t('details.note')}</dt>
                <dd dir="auto" className="whitespace-pre-line text-start">
                  {order.note || t('details.noNote')}
                </dd>
              </div>
            </dl>
            {order.mapUrl ? (
              <a
                href={order.mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-primary hover:underline"
              >
                {t('details.map')}
              </a>
            ) : (
              <p className="text-sm text-muted">{t('details.noLocation')}</p>
            )}
          </Section>
          <Timeline order={order} />
          <Messages order={order} />
        </div>
      </div>
    </DashboardPage>
  );
}
