import { useTranslation } from '../../lib/use-translation.ts';

/**
 * The error page body: what happened and a way home. 404 reads as the not-found page, 400
 * (an address no page accepts, such as a search with control characters) says so.
 */
export function ErrorPage({ status, homeHref }: { status: number; homeHref: string }) {
  const { t } = useTranslation();
  // 503: the shop refused the request under load; the same page again will most likely work.
  if (status === 503)
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold">{t('busy.title')}</h1>
        <p className="max-w-md text-muted">{t('busy.message')}</p>
        {/* An empty href reloads this very page, with or without JavaScript. */}
        <a
          href=""
          className="rounded-lg bg-primary px-6 py-3 font-semibold text-primary-ink hover:bg-primary-strong"
        >
          {t('busy.retry')}
        </a>
      </div>
    );
  const key = status === 404 ? 'notFound' : status === 400 ? 'badRequest' : 'error';
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-bold">{t(`${key}.title`)}</h1>
      <p className="max-w-md text-muted">{t(`${key}.message`)}</p>
      {/* A plain anchor: it must work even when the app failed to hydrate. */}
      <a
        href={homeHref}
        className="rounded-lg bg-primary px-6 py-3 font-semibold text-primary-ink hover:bg-primary-strong"
      >
        {t(`${key}.goHome`)}
      </a>
    </div>
  );
}
