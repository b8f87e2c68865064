import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSubmit } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopNavLink } from '../../../components/ui/shop-link.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { accountLinks } from './account-links.tsx';
import { LoginLink } from './header-login.tsx';
import { LanguageToggle } from './language-toggle.tsx';
import { mainNavLinks } from './main-nav-links.ts';

const itemClass =
  'flex items-center gap-3 rounded-lg px-3 py-3 font-medium hover:bg-surface aria-[current=page]:bg-surface aria-[current=page]:text-primary';

/**
 * The side drawer itself (loaded on first use by MobileDrawer): the header's links, opening
 * from the start edge. Closing it gives focus back to the button that opened it.
 */
export function DrawerPanel({
  open,
  onOpenChange,
  shopper,
  onLogin,
  triggerRef,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shopper: Shopper | null;
  onLogin: () => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const { localize } = useLang();
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
          className="fixed inset-y-0 start-0 z-50 flex w-80 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold">{t('header.menuTitle')}</Dialog.Title>
            <Dialog.Close
              aria-label={t('header.closeMenu')}
              className="inline-flex size-10 items-center justify-center rounded-full hover:bg-surface"
            >
              <Icon name="close" />
            </Dialog.Close>
          </div>
          <nav aria-label={t('nav.main')} className="flex flex-col">
            {mainNavLinks.map((link) => (
              <ShopNavLink key={link.to} to={link.to} end={link.end} onClick={close} className={itemClass}>
                {t(link.key)}
              </ShopNavLink>
            ))}
          </nav>
          <hr className="border-line" />
          {shopper ? (
            <div className="flex flex-col">
              {[...accountLinks, { to: '/cart', key: 'header.cart', icon: 'cart' } as const].map((link) => (
                <ShopNavLink key={link.to} to={link.to} onClick={close} className={itemClass}>
                  <Icon name={link.icon} />
                  {t(link.key)}
                </ShopNavLink>
              ))}
              <button
                type="button"
                onClick={() => {
                  close();
                  void submit(null, { method: 'post', action: localize('/logout') });
                }}
                className={itemClass}
              >
                <Icon name="close" />
                {t('header.logout')}
              </button>
            </div>
          ) : (
            <LoginLink
              onOpen={() => {
                close();
                onLogin();
              }}
              className={itemClass}
            >
              <Icon name="user" />
              {t('header.login')}
            </LoginLink>
          )}
          <LanguageToggle className="self-start" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
