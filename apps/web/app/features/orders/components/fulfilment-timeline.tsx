import { safeTrackingUrl, type OrderFulfilment } from '@shop/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * Where a paid order is: each step the shop took (named as the owner names them), with its
 * date and time in Riyadh, and the shipment's carrier, tracking number and tracking link. The
 * link is rendered only when it is an https address, whatever the answer holds.
 */
export function FulfilmentTimeline({ fulfilment }: { fulfilment: OrderFulfilment }) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  if (fulfilment.timeline.length === 0) return null;
  const trackingUrl = safeTrackingUrl(fulfilment.trackingUrl);
  const last = fulfilment.timeline.length - 1;
  return (
    <section
      aria-labelledby="order-timeline"
      className="flex flex-col gap-3 rounded-2xl border border-line p-4"
    >
      <h2 id="order-timeline" className="text-sm font-bold">
        {t('orders.timeline.title')}
      </h2>
      <ol className="flex flex-col gap-4 border-s-2 border-line ps-4" data-testid="order-timeline">
        {fulfilment.timeline.map((step, index) => (
          <li key={`${step.status}-${index}`} className="relative flex flex-col gap-0.5">
            <span
              aria-hidden="true"
              className={`absolute -start-[1.4rem] top-1.5 size-3 rounded-full ${
                index === last ? (step.status === 'cancelled' ? 'bg-sale' : 'bg-primary') : 'bg-line'
              }`}
            />
            <span className="font-semibold" aria-current={index === last ? 'step' : undefined}>
              {step.label}
            </span>
            <span className="text-sm text-muted">
              {step.at ? (
                <time dateTime={step.at}>{formatDateTime(step.at, lang)}</time>
              ) : (
                t('orders.timeline.timeUnknown')
              )}
            </span>
            {step.status === 'shipped' && fulfilment.carrier && (
              <span className="text-sm">
                {t('orders.timeline.shipment', {
                  carrier: fulfilment.carrier,
                  number: fulfilment.trackingNumber ?? '',
                })}
              </span>
            )}
            {step.status === 'shipped' && trackingUrl && (
              <a
                href={trackingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-primary hover:underline"
              >
                {t('orders.timeline.track')}
              </a>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
