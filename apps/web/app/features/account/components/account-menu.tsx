import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { stripLangPrefix } from '../../../lib/lang.ts';

const items: readonly { to: string; key: string; icon: IconName }[] = [
  { to: '/user/profile', key: 'menu.profile', icon: 'user' },
  { to: '/user/allorders', key: 'menu.orders', icon: 'grid' },
  { to: '/user/addresses', key: 'menu.addresses', icon: 'pin' },
  { to: '/user/wishlist', key: 'menu.wishlist', icon: 'heart' },
  { to: '/user/cards', key: 'menu.cards', icon: 'card' },
];

/**
 * The account side menu: five equal tabs on phones and tablets, a column from lg;
 * the current page is highlighted and announced with aria-current. Adding and editing an address count as the address book.
 */
export function AccountMenu({ pathname }: { pathname: string }) {
  const { t } = useTranslation('account');
  const path = stripLangPrefix(pathname);
  const isCurrent = (to: string) =>
    path === to || (to === '/user/addresses' && /^\/user\/(add-address|edit-address\/)/.test(path));
  return (
    <nav aria-label={t('menu.label')}>
      <ul className="grid grid-cols-5 gap-1 sm:gap-2 lg:flex lg:flex-col">
        {items.map((item) => (
          <li key={item.to} className="min-w-0">
            <ShopLink
              to={item.to}
              aria-current={isCurrent(item.to) ? 'page' : undefined}
              className="flex h-full flex-col items-center justify-center gap-1 rounded-xl px-2 py-3 text-center text-xs font-semibold text-muted hover:bg-surface hover:text-ink aria-[current=page]:bg-primary aria-[current=page]:text-primary-ink sm:flex-row sm:gap-3 sm:px-4 sm:text-sm lg:justify-start lg:text-start lg:whitespace-nowrap"
            >
              <Icon name={item.icon} />
              {t(item.key)}
            </ShopLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
