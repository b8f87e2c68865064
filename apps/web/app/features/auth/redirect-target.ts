import type { Lang } from '@shop/contract';
import { localizePath } from '../../lib/lang.ts';

/** The query parameter that carries where to return after logging in. */
export const REDIRECT_PARAM = 'redirectTo';

/**
 * Where to go after logging in: the page the shopper was sent away from, if it is a path on
 * this site; otherwise the home page. Absolute and protocol-relative URLs (`//evil.example`,
 * `/\evil.example`) are refused so the login page cannot be used as an open redirect.
 */
export function safeRedirectTarget(raw: string | null | undefined, lang: Lang): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) {
    return localizePath('/', lang);
  }
  const [path = '/', ...rest] = raw.split('?');
  const search = rest.length > 0 ? `?${rest.join('?')}` : '';
  return `${localizePath(path, lang)}${search}`;
}

/** The login page in `lang` that comes back to `returnTo` (a path with its search) afterwards. */
export function loginPathFor(returnTo: string, lang: Lang): string {
  const login = localizePath('/login', lang);
  return returnTo === '/' || returnTo === localizePath('/', lang)
    ? login
    : `${login}?${REDIRECT_PARAM}=${encodeURIComponent(returnTo)}`;
}
