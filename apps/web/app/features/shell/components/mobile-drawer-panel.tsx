import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSubmit } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { DrawerLinks, drawerItemClass } from './drawer-links.tsx';
import { LoginLink } from './header-login.tsx';

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
          <DrawerLinks
            shopper={shopper}
            onNavigate={close}
            logout={
              <button
                type="button"
                onClick={() => {
                  close();
                  void submit(null, { method: 'post', action: localize('/logout') });
                }}
                className={drawerItemClass}
              >
                <Icon name="close" />
                {t('header.logout')}
              </button>
            }
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
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
