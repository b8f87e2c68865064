import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSubmit } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { LoginLink } from './header-login.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import type { Shopper } from '../../../lib/shopper.ts';

/** The account pages of the user menu (spec §2: profile, orders, settings, logout). */
export const accountLinks = [
  { to: '/user/profile', key: 'header.profile', icon: 'user' },
  { to: '/user/allorders', key: 'header.orders', icon: 'grid' },
  { to: '/user/addresses', key: 'header.settings', icon: 'pin' },
] as const;

/** A visitor sees the login button (it opens the login dialog); a shopper the user menu. */
export function AccountArea({ shopper, onLogin }: { shopper: Shopper | null; onLogin: () => void }) {
  const { t } = useTranslation();
  const { localize, dir } = useLang();
  const submit = useSubmit();
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
  return (
    <DropdownMenu.Root dir={dir}>
      <DropdownMenu.Trigger
        aria-label={t('header.userMenu')}
        className="inline-flex h-10 items-center gap-2 rounded-full px-3 text-sm font-semibold hover:bg-surface"
      >
        <Icon name="user" />
        <span className="max-w-28 truncate">{shopper.userName}</span>
        <Icon name="chevronDown" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-40 min-w-48 rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          {accountLinks.map((link) => (
            <DropdownMenu.Item key={link.to} asChild>
              <ShopLink
                to={link.to}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
              >
                <Icon name={link.icon} />
                {t(link.key)}
              </ShopLink>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {/* Submitted from onSelect: the menu unmounts on select, which would cancel a <form>'s
              own submit. */}
          <DropdownMenu.Item
            onSelect={() => void submit(null, { method: 'post', action: localize('/logout') })}
            className="flex w-full cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
          >
            <Icon name="close" />
            {t('header.logout')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
