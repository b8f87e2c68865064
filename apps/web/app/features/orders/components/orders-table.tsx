import type { Order } from '@shop/contract';
import { useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Modal } from '../../../components/ui/modal.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { OrderDetails } from './order-details.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

/**
 * The order history: number, status, date, address, and View Details (a large dialog); a
 * card per order on phones, a table from md up.
 */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const [open, setOpen] = useState<Order | null>(null);
  const cell = 'px-3 py-3 text-start align-middle';
  const detailsButton = (order: Order, className: string) => (
    <button
      type="button"
      onClick={() => setOpen(order)}
      aria-label={`${t('orders.viewDetails')} #${order.number}`}
      className={className}
    >
      {t('orders.viewDetails')}
    </button>
  );
  const cardRow = 'flex items-baseline justify-between gap-4';
  return (
    <>
      {/* Phones: one card per order, so nothing scrolls sideways. The table from md up. */}
      <ul aria-label={t('orders.history')} className="flex flex-col gap-3 md:hidden">
        {orders.map((order) => (
          <li key={order.invoiceId} className="rounded-2xl border border-line p-4">
            <dl className="flex flex-col gap-2 text-sm">
              <div className={cardRow}>
                <dt className="text-muted">{t('orders.number')}</dt>
                <dd className="font-semibold">
                  <ShopLink to={`/order/details/${order.invoiceId}`} className="hover:underline">
                    #{order.number}
                  </ShopLink>
                </dd>
              </div>
              <div className={cardRow}>
                <dt className="text-muted">{t('orders.status')}</dt>
                <dd>
                  <OrderStatusBadge order={order} />
                </dd>
              </div>
              <div className={cardRow}>
                <dt className="shrink-0 text-muted">{t('orders.date')}</dt>
                <dd className="text-end">{formatDateTime(order.invoiceDate, lang)}</dd>
              </div>
              <div className={cardRow}>
                <dt className="shrink-0 text-muted">{t('orders.address')}</dt>
                <dd className="min-w-0 text-end break-words">{order.invoiceUserAdress}</dd>
              </div>
            </dl>
            {detailsButton(
              order,
              'mt-4 h-11 w-full rounded-full border border-primary font-semibold text-primary hover:bg-primary hover:text-primary-ink',
            )}
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-2xl border border-line md:block">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('orders.history')}</caption>
          <thead className="bg-surface text-muted">
            <tr>
              <th scope="col" className={cell}>
                {t('orders.number')}
              </th>
              <th scope="col" className={cell}>
                {t('orders.status')}
              </th>
              <th scope="col" className={cell}>
                {t('orders.date')}
              </th>
              <th scope="col" className={cell}>
                {t('orders.address')}
              </th>
              <th scope="col" className={cell}>
                {t('orders.action')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {orders.map((order) => (
              <tr key={order.invoiceId}>
                <th scope="row" className={`${cell} font-semibold`}>
                  <ShopLink to={`/order/details/${order.invoiceId}`} className="hover:underline">
                    #{order.number}
                  </ShopLink>
                </th>
                <td className={cell}>
                  <OrderStatusBadge order={order} />
                </td>
                <td className={`${cell} whitespace-nowrap`}>{formatDateTime(order.invoiceDate, lang)}</td>
                {/* The address takes the width the other columns leave (max-w-0 lets the column
                    shrink below its text), one line, so the table fits from 768 px up. */}
                <td className={`${cell} w-full max-w-0`}>
                  <span title={order.invoiceUserAdress} className="block truncate">
                    {order.invoiceUserAdress}
                  </span>
                </td>
                <td className={cell}>
                  {detailsButton(order, 'font-semibold whitespace-nowrap text-primary hover:underline')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Modal
        open={open !== null}
        onOpenChange={(next) => !next && setOpen(null)}
        title={open ? t('orders.detailsTitle', { number: open.number }) : ''}
        size="lg"
      >
        {open && (
          <div className="flex flex-col gap-4">
            <OrderDetails order={open} />
            <ShopLink
              to={`/order/details/${open.invoiceId}`}
              className="w-fit text-sm font-semibold text-primary hover:underline"
            >
              {t('orders.openPage')}
            </ShopLink>
          </div>
        )}
      </Modal>
    </>
  );
}
