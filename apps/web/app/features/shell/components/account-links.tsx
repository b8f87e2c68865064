import { lazy } from 'react';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useStaticPage } from '../../../lib/static-page.ts';
import { LoginLink } from './header-login.tsx';
import { StaticUserMenu } from './static-menus.tsx';
import { UserMenuLabel, userMenuTriggerClass } from './user-menu-label.tsx';

// The menu (Radix, positioning) comes with the first click, not with every page (decision 033).
const loadUserMenu = () => import('./user-menu.tsx');
const UserMenu = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenu })));

/** A visitor sees the login button (it opens the login dialog); a shopper the user menu. */
export function AccountArea({ shopper, onLogin }: { shopper: Shopper | null; onLogin: () => void }) {
  const { t } = useTranslation();
  const isStatic = useStaticPage();
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
  if (isStatic) return <StaticUserMenu shopper={shopper} />;
  return (
    <Deferred
      preload={loadUserMenu}
      button={(handlers) => (
        <button
          type="button"
          aria-label={t('header.userMenu')}
          aria-haspopup="menu"
          aria-expanded={false}
          className={userMenuTriggerClass}
          {...handlers}
        >
          <UserMenuLabel shopper={shopper} />
        </button>
      )}
    >
      <UserMenu shopper={shopper} />
    </Deferred>
  );
}
