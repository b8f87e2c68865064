import type { ReactNode } from 'react';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopNavLink } from '../../../components/ui/shop-link.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { accountLinks } from './user-menu-label.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { LogoutForm } from './logout-form.tsx';
import { mainNavLinks } from './main-nav-links.ts';
import { ShopperSlot } from './shopper-slot.tsx';

export const drawerItemClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 font-medium hover:bg-surface aria-[current=page]:bg-surface aria-[current=page]:text-primary';

/**
 * What the side drawer (MobileDrawer) lists: the header's links, the shopper's pages and
 * logout, or login.
 */
export function DrawerLinks({
  shopper,
  onNavigate,
  login,
}: {
  shopper: Shopper | null;
  onNavigate?: () => void;
  login: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav aria-label={t('nav.main')} className="flex flex-col">
        {mainNavLinks.map((link) => (
          <ShopNavLink
            key={link.to}
            to={link.to}
            end={link.end}
            onClick={onNavigate}
            className={drawerItemClass}
          >
            {t(link.key)}
          </ShopNavLink>
        ))}
      </nav>
      <hr className="border-line" />
      <ShopperSlot name="drawer-account">
        {shopper ? <DrawerAccount onNavigate={onNavigate} /> : login}
      </ShopperSlot>
      <LanguageToggle className="self-start" />
    </>
  );
}

/** The drawer's links for a signed-in shopper: their pages, the cart and logout. */
export function DrawerAccount({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      {[...accountLinks, { to: '/cart', key: 'header.cart', icon: 'cart' } as const].map((link) => (
        <ShopNavLink key={link.to} to={link.to} onClick={onNavigate} className={drawerItemClass}>
          <Icon name={link.icon} />
          {t(link.key)}
        </ShopNavLink>
      ))}
      <LogoutForm className={drawerItemClass} />
    </div>
  );
}
