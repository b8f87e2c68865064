import { Outlet, useLocation } from 'react-router';
import { AccountMenu } from '../features/account/components/account-menu.tsx';

/** The account area: the side menu at the start, the current tab beside it. */
export default function AccountLayout() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto grid max-w-7xl gap-6 px-4 py-8 lg:grid-cols-[15rem_1fr] lg:gap-10">
      <aside className="min-w-0">
        <AccountMenu pathname={pathname} />
      </aside>
      <div className="min-w-0">
        <Outlet />
      </div>
    </div>
  );
}
