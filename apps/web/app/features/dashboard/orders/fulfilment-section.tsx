import type { AdminOrder } from '@shop/contract';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { RowAction } from '../components/row-action.tsx';
import { ShipForm } from './ship-form.tsx';

/**
 * Where a paid order is in its fulfilment, and the steps it may take next: a button for each
 * (shipping is a form with the carrier and tracking), cancelling before it ships (owners, asked
 * first: it refunds the order in full), and the packing slip to print.
 */
export function FulfilmentSection({ order, isOwner }: { order: AdminOrder; isOwner: boolean }) {
  const { t } = useTranslation('dashboard-orders');
  const { fulfil, cancelPaid } = order.can;
  const paid = order.paidAt !== null;
  if (!paid) return null;
  const current = order.fulfilment.status;
  return (
    <section
      aria-labelledby="fulfilment-title"
      className="flex flex-col gap-3 rounded-2xl border border-line bg-white p-4 sm:p-6"
    >
      <h2 id="fulfilment-title" className="text-lg font-bold">
        {t('fulfilment.title')}
      </h2>
      <p>
        {t('fulfilment.current')}{' '}
        <strong data-testid="fulfilment-status">
          {current ? t(`fulfilment.statuses.${current}`) : t('fulfilment.notStarted')}
        </strong>
      </p>
      {fulfil.length === 0 && !cancelPaid && (
        <p className="text-sm text-muted">{t('fulfilment.nothingNext')}</p>
      )}
      <div className="flex flex-wrap gap-2">
        {fulfil
          .filter((step) => step !== 'shipped')
          .map((step) => (
            <RowAction
              key={step}
              formKey={`${step}:${order.id}`}
              fields={{ intent: 'fulfil', status: step }}
              label={t(`fulfilment.mark.${step}`)}
            />
          ))}
        {cancelPaid && isOwner && (
          <ConfirmAction
            confirmKey={`cancelPaid:${order.id}`}
            fields={{ intent: 'cancelPaid' }}
            label={t('fulfilment.cancel')}
            question={t('fulfilment.cancelQuestion', { number: order.number })}
            confirmLabel={t('fulfilment.cancelConfirm')}
          />
        )}
        <ShopLink
          to={`/dashboard/orders/${order.number}/packing-slip`}
          className="inline-flex h-10 items-center rounded-full border border-line px-5 text-sm font-semibold hover:bg-surface"
        >
          {t('fulfilment.packingSlip')}
        </ShopLink>
      </div>
      {cancelPaid && !isOwner && <p className="text-sm text-muted">{t('fulfilment.cancelOwnerOnly')}</p>}
      {fulfil.includes('shipped') && <ShipForm order={order} />}
    </section>
  );
}
