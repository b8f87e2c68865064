import { paidWithText } from '../../checkout/card-label.ts';
import type { Order } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { VariantNote } from '../../../components/ui/variant-note.tsx';
import { NationalAddressList } from '../../../components/ui/national-address.tsx';
import { FulfilmentTimeline } from './fulfilment-timeline.tsx';
import { OrderReturnsSection } from './order-returns.tsx';

/**
 * One order: its products (image, name, description, price), the real totals with the VAT
 * they include (the order's real total, never a fixed amount), and the ZATCA QR once paid.
 * The address and national address are the order's own copy, as they were when it was placed.
 */
export function OrderDetails({ order }: { order: Order }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const { lang } = useLang();
  const row = 'flex items-center justify-between gap-4';
  // A delivered product may be rated once: one link per product, on its first line.
  const delivered = order.fulfilment.status === 'delivered';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3 text-sm text-muted">
        <OrderStatusBadge order={order} />
        <span>{t('orders.placedOn', { date: formatDateTime(order.invoiceDate, lang) })}</span>
        {order.paidAt && <PaidWithLine order={order} />}
      </div>
      <FulfilmentTimeline fulfilment={order.fulfilment} />
      {order.returns && <OrderReturnsSection invoiceId={order.invoiceId} returns={order.returns} />}
      {order.invoiceUserAdress && (
        <p className="text-sm">
          <span className="font-semibold">{t('orders.address')}: </span>
          {order.invoiceUserAdress}
        </p>
      )}
      {order.nationalAddress && (
        <section aria-labelledby="order-national-address" className="rounded-2xl border border-line p-4">
          <h2 id="order-national-address" className="mb-2 text-sm font-bold">
            {tc('nationalAddress.title')}
          </h2>
          <NationalAddressList value={order.nationalAddress} />
        </section>
      )}
      <ul className="divide-y divide-line rounded-2xl border border-line">
        {order.products.map((line, index) => (
          // Phones: the line total goes under the product, so its name keeps the width.
          <li
            key={`${line.productId}-${line.sku}`}
            className="grid grid-cols-[4rem_1fr] gap-x-4 gap-y-2 p-4 sm:grid-cols-[4rem_1fr_auto]"
          >
            <img
              src={line.productImage || undefined}
              alt={line.productName}
              width={64}
              height={64}
              loading="lazy"
              className="size-16 shrink-0 rounded-xl bg-surface object-contain"
            />
            <div className="flex min-w-0 flex-col gap-1">
              <p className="font-semibold">{line.productName}</p>
              <VariantNote options={line.options} sku={line.sku} />
              <p className="line-clamp-2 text-sm text-muted">{line.productDescripition}</p>
              <p className="text-sm">
                {formatPrice(line.productPrice, lang)} × {formatNumber(line.quantity, lang)}
              </p>
              {delivered &&
                order.products.findIndex((l) => l.productId === line.productId) === index &&
                (order.reviewedProductIds?.includes(line.productId) ? (
                  <p className="text-sm text-muted">
                    <span aria-hidden="true" className="text-amber-500">
                      ★{' '}
                    </span>
                    {t('reviews.rated')}
                  </p>
                ) : (
                  <ShopLink
                    to={`/order/details/${order.invoiceId}/review/${line.productId}`}
                    aria-label={t('reviews.rateNamed', { name: line.productName })}
                    className="inline-flex w-fit items-center gap-1 text-sm font-semibold text-primary hover:underline"
                  >
                    <span aria-hidden="true" className="text-amber-500">
                      ★
                    </span>
                    {t('reviews.rate')}
                  </ShopLink>
                ))}
            </div>
            <p className="col-start-2 flex flex-col font-bold sm:col-start-auto sm:items-end">
              {formatPrice(line.lineTotal, lang)}
              {line.codeDiscount > 0 && (
                <span className="text-xs font-normal text-sale">−{formatPrice(line.codeDiscount, lang)}</span>
              )}
            </p>
          </li>
        ))}
      </ul>
      <div className="grid gap-6 sm:grid-cols-[1fr_auto] sm:items-start">
        <dl className="flex flex-col gap-2 text-sm">
          <div className={row}>
            <dt className="text-muted">{t('orders.subtotal')}</dt>
            <dd>{formatPrice(order.totals.subtotal, lang)}</dd>
          </div>
          <div className={row}>
            <dt className="text-muted">{t('orders.discount')}</dt>
            <dd className="text-sale">{formatPrice(order.totals.discount, lang)}</dd>
          </div>
          {order.totals.discountCode && order.totals.codeDiscount > 0 && (
            <div className={row}>
              <dt className="text-muted">
                {t('orders.codeDiscount')} <bdi className="font-mono">{order.totals.discountCode}</bdi>
              </dt>
              <dd className="text-sale" data-testid="order-code-discount">
                −{formatPrice(order.totals.codeDiscount, lang)}
              </dd>
            </div>
          )}
          <div className={row}>
            <dt className="text-muted">{t('orders.shipping')}</dt>
            <dd>
              {formatPrice(order.totals.shipping, lang)}
              {order.totals.shippingWaived > 0 && (
                <span className="ms-1 text-muted">
                  ({t('orders.shippingWaived', { code: order.totals.discountCode })})
                </span>
              )}
            </dd>
          </div>
          <div className={`${row} border-t border-line pt-2 text-base font-bold`}>
            <dt>{t('orders.total')}</dt>
            <dd data-testid="order-total">{formatPrice(order.totals.total, lang)}</dd>
          </div>
          <div className={row}>
            <dt className="text-muted">{t('orders.vat')}</dt>
            <dd>{formatPrice(order.totals.vat, lang)}</dd>
          </div>
          {order.refundedAmount > 0 && (
            <div className={`${row} font-semibold`}>
              <dt>{t('orders.refundedAmount')}</dt>
              <dd data-testid="order-refunded">{formatPrice(order.refundedAmount, lang)}</dd>
            </div>
          )}
        </dl>
        {order.zatca && (
          <figure className="flex flex-col items-center gap-2">
            <img
              src={order.zatca.qrImage}
              alt={t('orders.qrLabel')}
              width={144}
              height={144}
              className="size-36"
              data-testid="invoice-qr"
              data-qr-phase={order.zatca.signed ? 2 : 1}
            />
            <figcaption className="max-w-40 text-center text-xs text-muted">
              {order.zatca.signed ? t('orders.qrSigned') : t('orders.qrHint')}
            </figcaption>
          </figure>
        )}
      </div>
      {order.refunds.length > 0 && (
        <section aria-labelledby="order-refunds" className="flex flex-col gap-3">
          <h2 id="order-refunds" className="text-lg font-bold">
            {t('orders.refundsTitle')}
          </h2>
          <ul className="divide-y divide-line rounded-2xl border border-line" data-testid="order-refunds">
            {order.refunds.map((refund) => (
              <li key={refund.id} className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm">
                <div className="flex min-w-0 flex-col gap-1">
                  <p className="font-semibold">
                    {t('orders.refundOn', {
                      amount: formatPrice(refund.amount, lang),
                      date: formatDateTime(refund.date, lang),
                    })}
                  </p>
                  <p className="text-muted">{t('orders.refundReason', { reason: refund.reason })}</p>
                </div>
                <ShopLink
                  to={`/order/details/${order.invoiceId}/credit-notes/${refund.id}`}
                  className="font-semibold text-primary hover:underline"
                >
                  {t('orders.openCreditNote', { number: refund.creditNoteNumber })}
                </ShopLink>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** "Paid with mada •••• 1234", "Paid with Apple Pay", or the method's own line (Tabby). */
function PaidWithLine({ order }: { order: Order }) {
  const { t } = useTranslation('account');
  const { t: tc } = useTranslation('common');
  const method = paidWithText({ method: order.paymentMethod, card: order.paymentCard ?? null }, tc);
  return (
    <span data-testid="paid-with">
      {method ? tc('cards.paidWith', { method }) : t(`orders.paidWith.${order.paymentMethod}`)}
    </span>
  );
}
