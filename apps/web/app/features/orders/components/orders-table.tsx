import type { Order } from '@shop/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/ui/modal.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { OrderDetails } from './order-details.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';

/** Spec §2 Order history: number, status, date, address, and View Details (a large dialog). */
export function OrdersTable({ orders }: { orders: readonly Order[] }) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  const [open, setOpen] = useState<Order | null>(null);
  const cell = 'px-4 py-3 text-start align-middle';
  return (
    <>
      {/* The table scrolls inside its box on phones; the page itself never scrolls sideways. */}
      <div className="overflow-x-auto rounded-2xl border border-line">
        <table className="w-full min-w-[40rem] text-sm">
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
                <td className={`${cell} max-w-64 truncate`}>{order.invoiceUserAdress}</td>
                <td className={cell}>
                  <button
                    type="button"
                    onClick={() => setOpen(order)}
                    aria-label={`${t('orders.viewDetails')} #${order.number}`}
                    className="font-semibold whitespace-nowrap text-primary hover:underline"
                  >
                    {t('orders.viewDetails')}
                  </button>
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
