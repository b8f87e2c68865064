import type { CustomerSummary } from '@shop/contract';
import { StatusBadge } from '../dashboard/components/status-badge.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** Active, or deactivated by the shop or by the shopper: the badge a customer row shows. */
export function CustomerState({ customer }: { customer: Pick<CustomerSummary, 'active' | 'deactivatedBy'> }) {
  const { t } = useTranslation('dashboard-insights');
  if (customer.active) return <StatusBadge tone="success">{t('customers.state.active')}</StatusBadge>;
  return (
    <StatusBadge tone="danger">
      {t(customer.deactivatedBy === 'shop' ? 'customers.state.byShop' : 'customers.state.byShopper')}
    </StatusBadge>
  );
}
