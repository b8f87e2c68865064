import type { AdminReturn } from '@shop/contract';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { ConfirmAction } from '../components/confirm-action.tsx';
import { formatDateTime, formatNumber, formatPrice } from '../format.ts';
import { ReturnStatusBadge } from './return-status-badge.tsx';

const noteClass =
  'min-h-20 w-full rounded-xl border border-line bg-white px-3 py-2 text-start text-sm focus:border-primary focus:outline-none';

/**
 * One return request on the order's page: what the shopper asked for and why, with their photos,
 * and the next step a member may take, each asked first: approve (with an optional note for the
 * shopper) or reject (with the note the shopper reads), mark the goods received, and for owners
 * the refund of the returned lines, their units back on sale when ticked.
 */
export function ReturnRequestCard({ request, isOwner }: { request: AdminReturn; isOwner: boolean }) {
  const { t } = useTranslation('dashboard-orders');
  const { lang } = useLang();
  const short = request.id.slice(0, 8);
  return (
    <article
      aria-label={t('returns.requestLabel', { id: short })}
      className="flex flex-col gap-3 rounded-xl border border-line p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-semibold">
          {t('returns.requestLabel', { id: short })} · {formatDateTime(request.createdAt, lang)}
        </span>
        <ReturnStatusBadge status={request.status} />
      </div>
      <ul className="flex flex-col gap-1 text-sm">
        {request.lines.map((line) => (
          <li key={line.lineId} className="flex flex-wrap justify-between gap-2">
            <span>
              {line.productName}
              {line.options && <span className="text-muted"> · {line.options}</span>} ×{' '}
              {formatNumber(line.quantity, lang)}
            </span>
            <span className="tabular-nums">{formatPrice(line.amount, lang)}</span>
          </li>
        ))}
      </ul>
      <dl className="flex flex-col gap-1 text-sm">
        <div className="flex flex-wrap gap-2">
          <dt className="text-muted">{t('returns.reason')}</dt>
          <dd className="font-semibold">{t(`returns.reasons.${request.reason}`)}</dd>
        </div>
        {request.details && (
          <div className="flex flex-wrap gap-2">
            <dt className="text-muted">{t('returns.details')}</dt>
            <dd dir="auto" className="whitespace-pre-line text-start">
              {request.details}
            </dd>
          </div>
        )}
        {request.staffNote && (
          <div className="flex flex-wrap gap-2">
            <dt className="text-muted">{t('returns.staffNote')}</dt>
            <dd dir="auto" className="whitespace-pre-line text-start">
              {request.staffNote}
            </dd>
          </div>
        )}
        <div className="flex flex-wrap gap-2">
          <dt className="text-muted">{t('returns.amount')}</dt>
          <dd className="font-semibold">{formatPrice(request.amount, lang)}</dd>
        </div>
      </dl>
      {request.photos.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={t('returns.photos')}>
          {request.photos.map((photo, index) => (
            <li key={photo}>
              <a href={photo} target="_blank" rel="noopener noreferrer">
                <img
                  src={photo}
                  alt={t('returns.photo', { number: index + 1 })}
                  width={80}
                  height={80}
                  className="size-20 rounded-lg border border-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {request.can.approve && (
          <ConfirmAction
            confirmKey={`approve:${request.id}`}
            fields={{ intent: 'returnApprove', returnId: request.id }}
            label={t('returns.approve')}
            question={t('returns.approveQuestion', { id: short })}
            confirmLabel={t('returns.approve')}
            tone="primary"
          >
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-semibold">{t('returns.approveNote')}</span>
              <textarea name="note" maxLength={500} className={noteClass} />
            </label>
          </ConfirmAction>
        )}
        {request.can.reject && (
          <ConfirmAction
            confirmKey={`reject:${request.id}`}
            fields={{ intent: 'returnReject', returnId: request.id }}
            label={t('returns.reject')}
            question={t('returns.rejectQuestion', { id: short })}
            confirmLabel={t('returns.reject')}
          >
            <label className="flex flex-col gap-1 text-sm">
              <span className="font-semibold">{t('returns.rejectNote')}</span>
              <textarea name="note" maxLength={500} className={noteClass} />
            </label>
          </ConfirmAction>
        )}
        {request.can.receive && (
          <ConfirmAction
            confirmKey={`receive:${request.id}`}
            fields={{ intent: 'returnReceive', returnId: request.id }}
            label={t('returns.receive')}
            question={t('returns.receiveQuestion', { id: short })}
            confirmLabel={t('returns.receive')}
            tone="primary"
          />
        )}
        {request.can.refund && isOwner && (
          <ConfirmAction
            confirmKey={`refund:${request.id}`}
            fields={{ intent: 'returnRefund', returnId: request.id }}
            label={t('returns.refund', { amount: formatPrice(request.amount, lang) })}
            question={t('returns.refundQuestion', { amount: formatPrice(request.amount, lang) })}
            confirmLabel={t('returns.refundConfirm')}
          >
            <label className="inline-flex items-center gap-2 text-sm font-semibold">
              <input type="checkbox" name="returnStock" value="1" defaultChecked className="size-4" />
              {t('returns.returnStock')}
            </label>
          </ConfirmAction>
        )}
        {request.can.refund && !isOwner && (
          <p className="text-sm text-muted">{t('returns.refundOwnerOnly')}</p>
        )}
      </div>
    </article>
  );
}
