import type { Order } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { orderStatusKey, statusTone, type StatusTone } from '../status.ts';

const tones: Record<StatusTone, string> = {
  done: 'bg-emerald-50 text-emerald-800',
  active: 'bg-sky-50 text-sky-800',
  waiting: 'bg-amber-50 text-amber-900',
  bad: 'bg-red-50 text-sale',
};

export function OrderStatusBadge({ order }: { order: Pick<Order, 'invoiceReceived' | 'status'> }) {
  const { t } = useTranslation('account');
  const status = orderStatusKey(order);
  return (
    <span
      className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${tones[statusTone(status)]}`}
    >
      {t(`orders.statuses.${status}`)}
    </span>
  );
}
