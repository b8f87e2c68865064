import type { BadgeTone } from '../dashboard/components/status-badge.tsx';

/** How each order state looks in the back office's lists; an unknown one stays neutral. */
export const orderStatusTones: Record<string, BadgeTone> = {
  awaiting_payment: 'warning',
  paid: 'info',
  shipped: 'info',
  delivered: 'success',
  failed: 'danger',
  expired: 'neutral',
  cancelled: 'neutral',
  partially_refunded: 'warning',
  refunded: 'neutral',
};

/** The translation key of a state (`status.<state>` in `dashboard-insights`), with a fallback. */
export function orderStatusKey(status: string): string {
  return status in orderStatusTones ? `status.${status}` : 'status.other';
}
