import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DrawerLinks, drawerItemClass } from './drawer-links.tsx';
import { LogoutForm } from './logout-form.tsx';
import { LoginLink } from './header-login.tsx';

/*
 * The header's popover menus (docs/decisions/052): native popovers, which the browser opens,
 * closes on Escape or an outside click, and puts above the page. This side drawer is the one of
 * a page that is not hydrated (MobileDrawer when it is); the user menu (UserMenu) is the same on
 * every page.
 */

const DRAWER_ID = 'site-drawer';

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
