import { useEffect, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from './lib/use-translation.ts';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from 'react-router';
import type { Route } from './+types/root';
import appCss from './app.css?url';
import arabicRegular from './fonts/ibm-plex-sans-arabic-arabic-400.woff2?url';
import arabicSemibold from './fonts/ibm-plex-sans-arabic-arabic-600.woff2?url';
import latinRegular from './fonts/ibm-plex-sans-arabic-latin-400.woff2?url';
import latinSemibold from './fonts/ibm-plex-sans-arabic-latin-600.woff2?url';
import staticPageScript from './static-page.client.js?url&no-inline';
import { ErrorPage } from './components/ui/error-page.tsx';
import { shopperOf } from './features/auth/session.server.ts';
import { isDashboardPath } from './lib/i18n.ts';
import { TranslationsScript } from './lib/i18n-inline.tsx';
import { detectLanguage, dirOf, LANG_PARAM, langCookie, localizePath, pageLang } from './lib/lang.ts';
import './lib/load-context.ts';
import { useNonce } from './lib/nonce.ts';
import { StaticPageContext, usePageIsStatic } from './lib/static-page.ts';
import type { RootData } from './lib/root-data.ts';
import type { Shopper } from './lib/shopper.ts';

/**
 * The font files a page in each language needs (the same files app.css names, cut down to the
 * characters the shop writes). Arabic pages also show Latin letters and digits (prices, model
 * names); preloaded, none of them is found late by the stylesheet, when it would swap in after
 * the first paint and move the text.
 */
const pageFonts = {
  ar: [arabicRegular, arabicSemibold, latinRegular, latinSemibold],
  en: [latinRegular, latinSemibold],
} as const;

export async function loader({ request, context }: Route.LoaderArgs): Promise<RootData> {
  const url = new URL(request.url);
  const lang = pageLang(url.pathname);
  // The language toggle's link (`?lang=en`): remember the choice, then the clean address.
  const chosen = url.searchParams.get(LANG_PARAM);
  if (chosen !== null) {
    url.searchParams.delete(LANG_PARAM);
    const headers = new Headers({ Vary: 'Cookie' });
    if (chosen === lang) headers.set('Set-Cookie', langCookie(lang));
    throw redirect(`${url.pathname}${url.search}`, { headers });
  }
  // An unprefixed (Arabic) path with the cookie `i18next=en` goes to the English page
  // (docs/decisions/031-storefront-languages-and-urls.md).
  const wanted = detectLanguage({ pathname: url.pathname, cookie: request.headers.get('cookie') });
  if (wanted !== lang) {
    throw redirect(`${localizePath(url.pathname, wanted)}${url.search}`, { headers: { Vary: 'Cookie' } });
  }
  const store = context.storeData(lang);
  // The back office shows neither the shop's categories nor its shopper.
  const backOffice = isDashboardPath(url.pathname);
  const [settings, categories, shopper] = await Promise.all([
    store.settings(),
    backOffice ? [] : store.categories(),
    backOffice ? null : shopperOf(store),
  ]);
  return {
    lang,
    settings,
    /** For the footer's popular categories. */
    popularCategories: categories.slice(0, 6),
    shopper: shopper as Shopper | null,
    origin: context.publicOrigin,
  };
}

/**
 * Settings, categories and the shopper change rarely: keep them across link navigations;
 * reload after an action or an explicit `revalidate()` (same URL), e.g. the cart badge.
 */
export function shouldRevalidate({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod !== undefined && formMethod !== 'GET') return defaultShouldRevalidate;
  return currentUrl.href === nextUrl.href ? defaultShouldRevalidate : false;
}

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const { pathname } = useLocation();
  const lang = pageLang(pathname);
  const data = useRouteLoaderData<typeof loader>('root');
  // A page that is not hydrated gets none of React Router's scripts or data, only its own few
  // lines (decisions 052, 054).
  const isStatic = usePageIsStatic();
  const style = data ? ({ '--color-primary': data.settings.primaryColor } as CSSProperties) : undefined;
  return (
    <html lang={lang} dir={dirOf(lang)} style={style} data-static={isStatic ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={data?.settings.primaryColor ?? '#0f766e'} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* With a precedence, React sends the stylesheet and the fonts before the script preloads. */}
        <link rel="stylesheet" href={appCss} precedence="default" />
        {pageFonts[lang].map((href) => (
          <link key={href} rel="preload" as="font" type="font/woff2" crossOrigin="anonymous" href={href} />
        ))}
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <StaticPageContext.Provider value={isStatic}>{children}</StaticPageContext.Provider>
        {isStatic ? (
          <script type="module" src={staticPageScript} nonce={nonce} />
        ) : (
          <>
            <TranslationsScript lang={lang} pathname={pathname} />
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  useEffect(() => {
    // Lets browser tests wait until the page is interactive.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** Only when the root itself fails (the API is down): a plain page without the shop chrome. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16">
      <title>{t(status === 400 ? 'badRequest.title' : 'error.title')}</title>
      <ErrorPage status={status} homeHref={localizePath('/', pageLang(pathname))} />
    </main>
  );
}
