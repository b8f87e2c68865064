import type { BackOfficeData, Lang, StaffMe, StaffRole } from '@shop/contract';
import { data, redirect, type AppLoadContext } from 'react-router';
import { localizePath, stripLangPrefix } from '../../lib/lang.ts';
import { requestLang } from '../../lib/route-lang.ts';
import { isOwnerOnlyPath } from './nav.ts';
import { dashboardLoginPath } from './paths.ts';

/** My account: where a member sets up the two-step verification the owner requires. */
const MY_ACCOUNT = '/dashboard/account';

/** What a back-office loader or action works with once the member is known. */
export interface DashboardMember {
  lang: Lang;
  me: StaffMe;
  /** The back office's reads for this member (see `BackOfficeData` in the contract). */
  bo: BackOfficeData;
}

/**
 * The page guard of the back office: the signed-in member of this request's `staff_session`
 * cookie, as the shop's access rule decides for this page (the rule the API's guard applies:
 * `BackOfficeData.access`). The page only says what it needs and what a refusal looks like:
 *
 * - no live session: the sign-in page, coming back here afterwards (a shopper's session is not
 *   a member's, so it opens nothing);
 * - two-step verification required and not yet set up: My account, the one page open until then;
 * - below the role (`role: 'owner'`, or an owner-only page of the navigation): 403, the layout's
 *   error page in the member's language.
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
  const pathname = url.pathname.replace(/\.data$/, '');
  const path = stripLangPrefix(pathname);
  const access = await bo.access({
    role: role ?? (isOwnerOnlyPath(path) ? 'owner' : undefined),
    duringTotpSetup: path === MY_ACCOUNT,
  });
  if (access.allowed) return { lang, me: access.me, bo };
  switch (access.refusal) {
    case 'STAFF_SESSION_REQUIRED':
      url.searchParams.delete('_routes');
      throw redirect(dashboardLoginPath(`${pathname}${url.search}`, lang));
    case 'TOTP_SETUP_REQUIRED':
      throw redirect(localizePath(MY_ACCOUNT, lang));
    case 'STAFF_ROLE_REQUIRED':
      // The member goes along, so the error page keeps their header and navigation.
      throw data({ me: access.me }, { status: 403 });
  }
}
