import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLocation } from 'react-router';
import { ShopNavLink } from '../../../components/ui/shop-link.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { AccountArea } from './account-links.tsx';
import { CartLink } from './cart-link.tsx';
import { HeaderLoginDialog } from './header-login.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { Logo } from './logo.tsx';
import { mainNavLinks } from './main-nav-links.ts';
import { MobileDrawer } from './mobile-drawer.tsx';
import { SearchBox } from './search-box.tsx';
import { ShopperDataSlot, ShopperSlot } from './shopper-slot.tsx';

export function SiteHeader({ shopName, shopper }: { shopName: string; shopper: Shopper | null }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // One login dialog for the header and the side drawer.
  const [loggingIn, setLoggingIn] = useState(false);
  const openLogin = () => setLoggingIn(true);
  // A link inside the dialog (forgot password) goes to another page: the dialog closes.
  useEffect(() => setLoggingIn(false), [pathname]);
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 lg:flex-nowrap lg:gap-x-4">
        <MobileDrawer shopper={shopper} onLogin={openLogin} />
        <Logo name={shopName} />
        {/* One search box: its own row on phones and tablets, between logo and actions from lg up. */}
        <div className="order-last w-full lg:order-none lg:flex-1">
          <SearchBox />
        </div>
        <div className="ms-auto flex items-center gap-1 lg:ms-0">
          {/* On phones the language is switched from the side drawer (the toggle's own
              inline-flex would win over a `hidden` passed to it). */}
          <div className="hidden sm:block">
            <LanguageToggle />
          </div>
          <div className="hidden sm:block">
            <ShopperSlot name="account">
              <AccountArea shopper={shopper} onLogin={openLogin} />
            </ShopperSlot>
          </div>
          <ShopperSlot name="cart">{shopper && <CartLink count={shopper.cartCount} />}</ShopperSlot>
        </div>
      </div>
      <nav aria-label={t('nav.main')} className="hidden border-t border-line lg:block">
        <ul className="mx-auto flex max-w-7xl gap-1 px-4">
          {mainNavLinks.map((link) => (
            <li key={link.to}>
              <ShopNavLink
                to={link.to}
                end={link.end}
                className="inline-block border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-muted hover:text-ink aria-[current=page]:border-primary aria-[current=page]:text-ink"
              >
                {t(link.key)}
              </ShopNavLink>
            </li>
          ))}
        </ul>
      </nav>
      {!shopper && <HeaderLoginDialog open={loggingIn} onOpenChange={setLoggingIn} />}
      <ShopperDataSlot shopper={shopper} />
    </header>
  );
}
