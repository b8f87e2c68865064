import type { Lang } from '@shop/contract';
import { localizePath, stripLangPrefix } from '../../lib/lang.ts';

/** The query parameter that carries where to return after logging in. */
export const REDIRECT_PARAM = 'redirectTo';

/**
 * A stand-in for the shop's own origin: targets are resolved against it exactly as a browser
 * resolves a `Location` header or `location.assign()` against the page, and only what stays
 * on it is kept. Its name can never be anybody's host (`.invalid` is reserved).
 */
const SHOP_ORIGIN = 'https://shop.invalid';

/**
 * C0 and C1 control characters, DEL included. Browsers silently drop tab and newline anywhere
 * in a URL (`/\t/evil.example` is followed as `//evil.example`), and the rest have no place
 * in a path either, so they are removed before the target is read.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

function staysOnShop(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return false;
  try {
    return new URL(target, SHOP_ORIGIN).origin === SHOP_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * Where to go after logging in: the page the shopper was sent away from, if it is a path on
 * this site; otherwise the home page. The target is resolved with the WHATWG URL parser (the
 * browser's own) against this site; anything that lands elsewhere (`//evil.example`,
 * `/\evil.example`, `/%09/evil.example`, `https://…`) goes home, so the login page cannot be
 * used as an open redirect. What comes back is the parser's normalised, percent-encoded path,
 * safe to put in a `Location` header.
 */
export function safeRedirectTarget(raw: string | null | undefined, lang: Lang): string {
  const home = localizePath('/', lang);
  if (!raw) return home;
  const cleaned = raw.replace(CONTROL_CHARACTERS, '');
  if (!staysOnShop(cleaned)) return home;
  const url = new URL(cleaned, SHOP_ORIGIN);
  // `/.//evil.example` resolves to the path `//evil.example`, which as a target names a host;
  // `/en//evil.example` would become it in Arabic once the language prefix goes.
  if (stripLangPrefix(url.pathname).startsWith('//')) return home;
  const target = `${localizePath(url.pathname, lang)}${url.search}${url.hash}`;
  return staysOnShop(target) ? target : home;
}

/** The login page in `lang` that comes back to `returnTo` (a path with its search) afterwards. */
export function loginPathFor(returnTo: string, lang: Lang): string {
  const login = localizePath('/login', lang);
  return returnTo === '/' || returnTo === localizePath('/', lang)
    ? login
    : `${login}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}
