import type { AdminOrderStatus } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { StatusBadge, type BadgeTone } from '../components/status-badge.tsx';

const tones: Record<AdminOrderStatus, BadgeTone> = {
  awaiting_payment: 'warning',
  paid: 'info',
  preparing: 'info',
  ready: 'info',
  shipped: 'info',
  delivered: 'success',
  cancelled: 'neutral',
  failed: 'danger',
  expired: 'neutral',
  partially_refunded: 'warning',
  refunded: 'neutral',
};

/** An order's status as the back office shows it, in the member's language. */
export function OrderStatusBadge({ status }: { status: AdminOrderStatus }) {
  const { t } = useTranslation('dashboard-orders');
  return <StatusBadge tone={tones[status]}>{t(`statuses.${status}`)}</StatusBadge>;
}
