import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { accountLinks, UserMenuLabel, userMenuTriggerClass } from './user-menu-label.tsx';
import { DrawerLinks, drawerItemClass } from './drawer-links.tsx';
import { LoginLink } from './header-login.tsx';

/*
 * The header's menus on a page that is not hydrated (docs/decisions/052): native popovers,
 * which the browser opens, closes on Escape or an outside click, and puts above the page.
 */

const DRAWER_ID = 'site-drawer';
const USER_MENU_ID = 'user-menu';

function LogoutForm({ className }: { className: string }) {
  const { t } = useTranslation();
  const { localize } = useLang();
  return (
    <form method="post" action={localize('/logout')}>
      <button type="submit" className={className}>
        <Icon name="close" />
        {t('header.logout')}
      </button>
    </form>
  );
}

/** The side drawer: opens from the start edge, like DrawerPanel. */
export function StaticDrawer({ shopper }: { shopper: Shopper | null }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        popoverTarget={DRAWER_ID}
        aria-label={t('header.openMenu')}
        className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface lg:hidden"
      >
        <Icon name="menu" className="size-6" />
      </button>
      <div
        id={DRAWER_ID}
        popover="auto"
        role="dialog"
        aria-labelledby={`${DRAWER_ID}-title`}
        className="inset-y-0 start-0 end-auto m-0 h-full max-h-none w-80 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-white p-4 text-ink shadow-xl backdrop:bg-ink/40 open:flex"
      >
        <div className="flex items-center justify-between">
          <h2 id={`${DRAWER_ID}-title`} className="text-lg font-bold">
            {t('header.menuTitle')}
          </h2>
          <button
            type="button"
            popoverTarget={DRAWER_ID}
            popoverTargetAction="hide"
            aria-label={t('header.closeMenu')}
            className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface"
          >
            <Icon name="close" />
          </button>
        </div>
        <DrawerLinks
          shopper={shopper}
          logout={<LogoutForm className={drawerItemClass} />}
          login={
            <LoginLink onOpen={() => undefined} className={drawerItemClass}>
              <Icon name="user" />
              {t('header.login')}
            </LoginLink>
          }
        />
      </div>
    </>
  );
}

const menuItemClass = 'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-surface';

/** The shopper's menu (profile, orders, settings, logout) under the header's end corner. */
export function StaticUserMenu({ shopper }: { shopper: Shopper }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        popoverTarget={USER_MENU_ID}
        aria-label={t('header.userMenu')}
        className={userMenuTriggerClass}
      >
        <UserMenuLabel shopper={shopper} />
      </button>
      <div
        id={USER_MENU_ID}
        popover="auto"
        className="inset-auto end-4 top-16 m-0 min-w-48 rounded-xl border border-line bg-white p-1 text-ink shadow-lg"
      >
        <ul>
          {accountLinks.map((link) => (
            <li key={link.to}>
              <ShopLink to={link.to} className={menuItemClass}>
                <Icon name={link.icon} />
                {t(link.key)}
              </ShopLink>
            </li>
          ))}
          <li className="mt-1 border-t border-line pt-1">
            <LogoutForm className={menuItemClass} />
          </li>
        </ul>
      </div>
    </>
  );
}
