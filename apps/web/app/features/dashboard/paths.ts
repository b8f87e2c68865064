import type { Lang } from '@shop/contract';
import { safeRedirectTarget } from '../auth/redirect-target.ts';
import { localizePath, stripLangPrefix } from '../../lib/lang.ts';

/** The query parameter of the sign-in page that says where to go afterwards. */
export const NEXT_PARAM = 'next';

/** The pages a member reaches without a session: never a place to return to. */
const OPEN_PAGES = ['/dashboard/login', '/dashboard/set-password'];

/**
 * Where to go after signing in: `raw` when it is a back-office page of this site (checked with
 * the shop's open-redirect guard first), else the overview. Never the shop, another site, or
 * the sign-in page itself.
 */
export function dashboardNextTarget(raw: string | null | undefined, lang: Lang): string {
  const home = localizePath('/dashboard', lang);
  const target = safeRedirectTarget(raw, lang);
  const path = stripLangPrefix(target.split(/[?#]/)[0] ?? '');
  if (path !== '/dashboard' && !path.startsWith('/dashboard/')) return home;
  if (OPEN_PAGES.some((open) => path === open || path.startsWith(`${open}/`))) return home;
  return target;
}

/** The sign-in page in `lang` that returns to `returnTo` (a path with its search) afterwards. */
export function dashboardLoginPath(returnTo: string, lang: Lang): string {
  const login = localizePath('/dashboard/login', lang);
  const home = localizePath('/dashboard', lang);
  return returnTo === home ? login : `${login}?${NEXT_PARAM}=${encodeURIComponent(returnTo)}`;
}
