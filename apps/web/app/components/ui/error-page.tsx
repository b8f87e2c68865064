import { useTranslation } from '../../lib/use-translation.ts';

/** The error page body: what happened and a way home. 404 reads as the not-found page. */
export function ErrorPage({ status, homeHref }: { status: number; homeHref: string }) {
  const { t } = useTranslation();
  const notFound = status === 404;
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
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-6xl font-bold text-primary" aria-hidden="true">
        {status}
      </p>
      <h1 className="text-2xl font-bold">{notFound ? t('notFound.title') : t('error.title')}</h1>
      <p className="max-w-md text-muted">{notFound ? t('notFound.message') : t('error.message')}</p>
      {/* A plain anchor: it must work even when the app failed to hydrate. */}
      <a
        href={homeHref}
        className="rounded-lg bg-primary px-6 py-3 font-semibold text-primary-ink hover:bg-primary-strong"
      >
        {notFound ? t('notFound.goHome') : t('error.goHome')}
      </a>
    </div>
  );
}
