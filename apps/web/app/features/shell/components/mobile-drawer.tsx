import { useRef } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { DrawerLinks, drawerItemClass } from './drawer-links.tsx';
import { LoginLink } from './header-login.tsx';

const DRAWER_ID = 'site-drawer';

/**
 * Small screens: the header's menu button and the side drawer it opens from the start edge,
 * one component for every page. The drawer is a native popover (decision 052): the browser
 * opens it from the button, puts it above the page, and closes it on Escape, an outside click
 * or the close button, with or without React. Logout is a form. Once the page is hydrated,
 * React only adds what a page load did before: a link closes the drawer as the shop goes to
 * the next page in place, and Log in opens the login dialog instead of the login page.
 */
export function MobileDrawer({ shopper, onLogin }: { shopper: Shopper | null; onLogin: () => void }) {
  const { t } = useTranslation();
  const drawerRef = useRef<HTMLDivElement>(null);
  const close = () => {
    const drawer = drawerRef.current;
    if (drawer?.matches(':popover-open')) drawer.hidePopover();
  };
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
        ref={drawerRef}
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
          onNavigate={close}
          login={
            <LoginLink
              onOpen={() => {
                close();
                onLogin();
              }}
              className={drawerItemClass}
            >
              <Icon name="user" />
              {t('header.login')}
            </LoginLink>
          }
        />
      </div>
    </>
  );
}
