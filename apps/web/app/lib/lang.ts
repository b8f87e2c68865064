import { defaultLang, languages, type Lang } from '@shop/contract/constants';

/** The cookie i18next's browser detector reads and writes (path '/': every page shares the choice). */
export const LANG_COOKIE = 'i18next';

/** `?lang=en` on a page address: the language toggle's choice, for the server to remember. */
export const LANG_PARAM = 'lang';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language a URL path names: English under `/en`, nothing for the unprefixed (Arabic) paths. */
export function langFromPath(pathname: string): Lang | undefined {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : undefined;
}

/** The language a page URL is in: `/en/…` is English, everything else Arabic. */
export function pageLang(pathname: string): Lang {
  return langFromPath(pathname) ?? defaultLang;
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** `/en/products` → `/products`, `/en` → `/`. */
export function stripLangPrefix(pathname: string): string {
  if (langFromPath(pathname) === undefined) return pathname;
  const rest = pathname.slice('/en'.length);
  return rest === '' ? '/' : rest;
}

/** The path of the same page in `lang`: `/products` → `/en/products` for English. */
export function localizePath(path: string, lang: Lang): string {
  const bare = stripLangPrefix(path);
  if (lang === defaultLang) return bare;
  return bare === '/' ? '/en' : `/en${bare.startsWith('/') ? '' : '/'}${bare}`;
}

export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

export interface LanguageSources {
  pathname: string;
  /** The Cookie header (server) or `document.cookie` (browser). */
  cookie?: string | null;
  /** `<html lang>` of the page already shown (browser only). */
  htmlLang?: string | null;
}

/**
 * The detection order: the URL path, then the `i18next` cookie, then the page's lang
 * attribute, else Arabic. Only `/en/…` names a language in the path, so an unprefixed path
 * falls through to the cookie.
 */
export function detectLanguage({ pathname, cookie, htmlLang }: LanguageSources): Lang {
  const fromPath = langFromPath(pathname);
  if (fromPath) return fromPath;
  const fromCookie = readCookie(cookie, LANG_COOKIE);
  if (isLang(fromCookie)) return fromCookie;
  const fromHtml = htmlLang?.toLowerCase().split('-')[0];
  if (isLang(fromHtml)) return fromHtml;
  return defaultLang;
}

/** The cookie the language toggle writes (readable by i18next, so not httpOnly). */
export function langCookie(lang: Lang): string {
  return `${LANG_COOKIE}=${lang}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}
