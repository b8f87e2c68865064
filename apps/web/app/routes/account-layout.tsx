import { data, Outlet, useLocation } from 'react-router';
import type { Route } from './+types/account-layout';
import { PageNotice } from '../components/ui/page-notice.tsx';
import { AccountMenu } from '../features/account/components/account-menu.tsx';
import { takeNotice } from '../lib/notice.server.ts';

/**
 * The message a document post (or the card provider's return) left for the account page it
 * redirected to: shown once, as the page's toast, and its cookie cleared.
 */
export function loader({ request }: Route.LoaderArgs) {
  const { notice, headers } = takeNotice(request);
  return data({ notice }, { headers });
}

/** The account area: the side menu at the start, the current tab beside it. */
export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[15rem_1fr] lg:gap-10">
      <aside className="min-w-0">
        <AccountMenu pathname={pathname} />
      </aside>
      <div className="min-w-0">
        {loaderData.notice && <PageNotice notice={loaderData.notice} />}
        <Outlet />
      </div>
    </div>
  );
}
