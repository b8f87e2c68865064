import type { EinvoiceStatus, EinvoiceUnit } from '@shop/contract';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { StatusBadge, type BadgeTone } from '../components/status-badge.tsx';
import { formatDateTime, formatNumber } from '../format.ts';

const tones: Record<EinvoiceStatus, BadgeTone> = {
  queued: 'info',
  reported: 'success',
  reported_with_warnings: 'warning',
  rejected: 'danger',
};

/** A document's reporting status at ZATCA, as a badge. */
export function EinvoiceStatusBadge({ status }: { status: EinvoiceStatus }) {
  const { t } = useTranslation('dashboard-einvoices');
  return <StatusBadge tone={tones[status]}>{t(`statuses.${status}`)}</StatusBadge>;
}

/**
 * What the back office must know about the signing unit: none connected (nothing is issued),
 * documents not reported for 20 hours, a certificate expiring within a month.
 */
export function EinvoiceUnitNotice({ unit, onboardLink }: { unit: EinvoiceUnit; onboardLink: boolean }) {
  const { t } = useTranslation('dashboard-einvoices');
  const { lang } = useLang();
  const warning = 'rounded-2xl border border-amber-400 bg-amber-50 p-4 text-sm font-medium';
  const danger = 'rounded-2xl border border-sale bg-red-50 p-4 text-sm font-semibold text-sale';
  if (!unit.onboarded)
    return (
      <p role="status" className={warning} data-testid="einvoice-unit">
        {t('unit.notOnboarded')}{' '}
        {onboardLink && (
          <ShopLink to="/dashboard/einvoices/onboarding" className="font-bold text-primary underline">
            {t('unit.onboardLink')}
          </ShopLink>
        )}
      </p>
    );
  const date = unit.certificateExpiresAt ? formatDateTime(unit.certificateExpiresAt, lang) : '';
  return (
    <div className="flex flex-col gap-2" data-testid="einvoice-unit">
      {unit.overdue > 0 && (
        <p role="alert" className={danger}>
          {t('unit.overdue', { count: unit.overdue })}
        </p>
      )}
      {unit.certificateExpiring && (
        <p role="alert" className={warning}>
          {t('unit.expiring', { date })}
        </p>
      )}
      <p className="text-sm text-muted">
        {t('unit.onboarded', {
          name: unit.commonName ?? '',
          environment: unit.environment ?? '',
          documents: formatNumber(unit.icv, lang),
          date,
        })}
      </p>
    </div>
  );
}
