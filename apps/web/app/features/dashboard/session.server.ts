import type { BackOfficeData, Lang, StaffMe, StaffRole } from '@shop/contract';
import { data, redirect, type AppLoadContext } from 'react-router';
import { localizePath, stripLangPrefix } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { isOwnerOnlyPath } from './nav.ts';
import { dashboardLoginPath } from './paths.ts';

/** What a back-office loader or action works with once the member is known. */
export interface DashboardMember {
  lang: Lang;
  me: StaffMe;
  /** The back office's reads for this member (see `BackOfficeData` in the contract). */
  bo: BackOfficeData;
}

/**
 * The page guard of the back office: the signed-in member of this request's `staff_session`
 * cookie (resolved by the API, as its own guard does), or a redirect to the sign-in page that
 * comes back here. A shopper's session is not a member's, so it opens nothing.
 *
 * - `role: 'owner'` (or an owner-only page of the navigation) answers 403 to staff: the
 *   layout's error page in the member's language.
 * - While the owner requires two-step verification and the member has not turned it on, every
 *   page but My account sends them there.
 *
 * The layout's loader calls it for every page; a page's own loader calls it too (loaders run
 * side by side, so a page cannot count on the layout having checked first).
 */
export async function requireMember(
  { request, context }: { request: Request; context: AppLoadContext },
  { role }: { role?: StaffRole } = {},
): Promise<DashboardMember> {
  const lang = requestLang(request);
  const url = new URL(request.url);
  const bo = context.backOffice(lang);
  const me = await bo.me();
  const pathname = url.pathname.replace(/\.data$/, '');
  if (!me) {
    url.searchParams.delete('_routes');
    throw redirect(dashboardLoginPath(`${pathname}${url.search}`, lang));
  }
  const path = stripLangPrefix(pathname);
  if (me.totpSetupRequired && path !== '/dashboard/account')
    throw redirect(localizePath('/dashboard/account', lang));
  if ((role === 'owner' || isOwnerOnlyPath(path)) && me.staff.role !== 'owner')
    // The member goes along, so the error page keeps their header and navigation.
    throw data({ me }, { status: 403 });
  return { lang, me, bo };
}
