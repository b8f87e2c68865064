import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * A back-office page that could not be shown, in the member's language: 403 (owner only), 404
 * (no such page or record), 503 (busy, try again) or anything else.
 */
export function DashboardError({ status }: { status: number }) {
  const { t } = useTranslation('dashboard');
  const { localize } = useLang();
  const key = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : status === 503 ? 'busy' : 'error';
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <title>{`${t(`errors.${key}Title`)} · ${t('backOffice')}`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="text-5xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-bold">{t(`errors.${key}Title`)}</h1>
      <p className="max-w-md text-muted">{t(`errors.${key}Message`)}</p>
      {/* Plain anchors: they must work even when the page failed to hydrate. */}
      {status === 503 ? (
        <a
          href=""
          className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-ink hover:bg-primary-strong"
        >
          {t('errors.retry')}
        </a>
      ) : (
        <a
          href={localize('/dashboard')}
          className="rounded-full bg-primary px-6 py-3 font-semibold text-primary-ink hover:bg-primary-strong"
        >
          {t('errors.backToOverview')}
        </a>
      )}
    </div>
  );
}
