import type { OrderReturns, ReturnStatus } from '@shop/contract';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../../../lib/format.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

const tones: Record<ReturnStatus, string> = {
  requested: 'bg-amber-50 text-amber-900',
  approved: 'bg-sky-50 text-sky-800',
  rejected: 'bg-red-50 text-sale',
  received: 'bg-sky-50 text-sky-800',
  refunded: 'bg-emerald-50 text-emerald-800',
};

/**
 * Returns on the shopper's order page: until when a return may be asked for (with the way to the
 * form while it may), and each request with where it stands and the shop's note.
 */
export function OrderReturnsSection({ invoiceId, returns }: { invoiceId: string; returns: OrderReturns }) {
  const { t } = useTranslation('account');
  const { lang } = useLang();
  if (!returns.windowEndsAt && returns.requests.length === 0) return null;
  return (
    <section aria-labelledby="order-returns" className="flex flex-col gap-3">
      <h2 id="order-returns" className="text-lg font-bold">
        {t('returns.title')}
      </h2>
      {returns.open ? (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-line p-4">
          <p className="text-sm">
            {t('returns.windowOpen', { date: formatDateTime(returns.windowEndsAt!, lang) })}
          </p>
          <ShopLink
            to={`/order/details/${invoiceId}/return`}
            className="inline-flex h-10 items-center rounded-full bg-primary px-5 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
          >
            {t('returns.ask')}
          </ShopLink>
        </div>
      ) : (
        returns.windowEndsAt &&
        returns.requests.length === 0 && <p className="text-sm text-muted">{t('returns.windowClosed')}</p>
      )}
      {returns.requests.length > 0 && (
        <ul
          className="divide-y divide-line rounded-2xl border border-line"
          data-testid="order-return-requests"
        >
          {returns.requests.map((request) => (
            <li key={request.id} className="flex flex-col gap-2 p-4 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">
                  {t('returns.askedOn', { date: formatDateTime(request.createdAt, lang) })}
                </span>
                <span
                  data-testid="return-status"
                  className={`inline-block rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${tones[request.status]}`}
                >
                  {t(`returns.statuses.${request.status}`)}
                </span>
              </div>
              <ul className="flex flex-col gap-1">
                {request.lines.map((line) => (
                  <li key={line.lineId}>
                    {line.productName}
                    {line.options && <span className="text-muted"> · {line.options}</span>} ×{' '}
                    {formatNumber(line.quantity, lang)}
                  </li>
                ))}
              </ul>
              <p className="text-muted">
                {t('returns.reasonIs', { reason: t(`returns.reasons.${request.reason}`) })} ·{' '}
                {formatPrice(request.amount, lang)}
              </p>
              {request.staffNote && (
                <p dir="auto" className="whitespace-pre-line text-start">
                  <span className="font-semibold">{t('returns.shopNote')}: </span>
                  {request.staffNote}
                </p>
              )}
              <p className="text-muted">{t(`returns.next.${request.status}`)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
