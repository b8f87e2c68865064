import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon, type IconName } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { stripLangPrefix } from '../../../lib/lang.ts';

const items: readonly { to: string; key: string; icon: IconName }[] = [
  { to: '/user/profile', key: 'menu.profile', icon: 'user' },
  { to: '/user/allorders', key: 'menu.orders', icon: 'grid' },
  { to: '/user/addresses', key: 'menu.addresses', icon: 'pin' },
];

/**
 * The account side menu (spec §2); the current page is highlighted and announced with
 * aria-current. Adding and editing an address count as the address book.
 */
export function AccountMenu({ pathname }: { pathname: string }) {
  const { t } = useTranslation('account');
  const path = stripLangPrefix(pathname);
  const isCurrent = (to: string) =>
    path === to || (to === '/user/addresses' && /^\/user\/(add-address|edit-address\/)/.test(path));
  return (
    <nav aria-label={t('menu.label')}>
      <ul className="flex flex-wrap gap-2 lg:flex-col">
        {items.map((item) => (
          <li key={item.to} className="shrink-0">
            <ShopLink
              to={item.to}
              aria-current={isCurrent(item.to) ? 'page' : undefined}
              className="flex items-center gap-3 rounded-xl px-4 py-3 text-sm font-semibold whitespace-nowrap text-muted hover:bg-surface hover:text-ink aria-[current=page]:bg-primary aria-[current=page]:text-primary-ink"
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
