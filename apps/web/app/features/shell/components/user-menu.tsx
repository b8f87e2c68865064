import { DropdownMenu } from 'radix-ui';
import { useSubmit } from 'react-router';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import type { Shopper } from '../../../lib/shopper.ts';
import { useLang } from '../../../lib/use-lang.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { accountLinks, UserMenuLabel, userMenuTriggerClass } from './user-menu-label.tsx';

/** The shopper's menu (loaded on first use by AccountArea), open from the start. */
export function UserMenu({ shopper }: { shopper: Shopper }) {
  const { t } = useTranslation();
  const { localize, dir } = useLang();
  const submit = useSubmit();
  return (
    <DropdownMenu.Root dir={dir} defaultOpen>
      <DropdownMenu.Trigger aria-label={t('header.userMenu')} className={userMenuTriggerClass}>
        <UserMenuLabel shopper={shopper} />
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
