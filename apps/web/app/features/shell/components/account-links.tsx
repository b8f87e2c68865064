import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LoginLink } from './header-login.tsx';
import { LogoutForm } from './logout-form.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { accountLinks, UserMenuLabel, userMenuTriggerClass } from './user-menu-label.tsx';

/** A visitor sees the login button (it opens the login dialog); a shopper the user menu. */
export function AccountArea({ shopper, onLogin }: { shopper: Shopper | null; onLogin: () => void }) {
  const { t } = useTranslation();
  if (!shopper) {
    return (
      <LoginLink
        onOpen={onLogin}
        className="inline-flex h-10 items-center gap-2 rounded-full bg-primary px-4 text-sm font-semibold text-primary-ink hover:bg-primary-strong"
      >
        <Icon name="user" />
        <span>{t('header.login')}</span>
      </LoginLink>
    );
  }
  return <UserMenu shopper={shopper} />;
}

const USER_MENU_ID = 'user-menu';
const menuItemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-surface focus-visible:bg-surface';

/**
 * The shopper's menu (profile, orders, settings, logout) under the header's end corner: one
 * component whether the page is hydrated or not. A native popover: the browser opens it, closes
 * it on Escape or an outside click and puts it above the page; once hydrated, choosing an item
 * closes it too (a link then changes the page without a new document).
 */
export function UserMenu({ shopper }: { shopper: Shopper }) {
  const { t } = useTranslation();
  return (
    <>
      <button
        type="button"
        popoverTarget={USER_MENU_ID}
        aria-label={t('header.userMenu')}
        aria-haspopup="menu"
        className={userMenuTriggerClass}
      >
        <UserMenuLabel shopper={shopper} />
      </button>
      <div
        id={USER_MENU_ID}
        popover="auto"
        onClick={(event) => {
          if ((event.target as Element).closest('a')) event.currentTarget.hidePopover();
        }}
        className="inset-auto end-4 top-16 m-0 min-w-48 rounded-xl border border-line bg-white p-1 text-ink shadow-lg"
      >
        <ul role="menu" aria-label={t('header.userMenu')}>
          {accountLinks.map((link) => (
            <li key={link.to} role="none">
              <ShopLink to={link.to} role="menuitem" className={menuItemClass}>
                <Icon name={link.icon} />
                {t(link.key)}
              </ShopLink>
            </li>
          ))}
          <li role="none" className="mt-1 border-t border-line pt-1">
            <LogoutForm className={menuItemClass} role="menuitem" />
          </li>
        </ul>
      </div>
    </>
  );
}
