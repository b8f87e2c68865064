import type { ReturnStatus } from '@shop/contract';
import { useTranslation } from '../../../lib/use-translation.ts';
import { StatusBadge, type BadgeTone } from '../components/status-badge.tsx';

const tones: Record<ReturnStatus, BadgeTone> = {
  requested: 'warning',
  approved: 'info',
  rejected: 'danger',
  received: 'info',
  refunded: 'success',
};

/** Where a return request stands, in the back office's words. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  const { t } = useTranslation('dashboard-orders');
  return <StatusBadge tone={tones[status]}>{t(`returns.statuses.${status}`)}</StatusBadge>;
}
