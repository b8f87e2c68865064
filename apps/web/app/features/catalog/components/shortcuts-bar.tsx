import type { Category, Company } from '@shop/contract';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { useLang } from '../../../lib/use-lang.ts';
import { homeSections } from '../home-sections.ts';

const chipClass =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium whitespace-nowrap hover:border-primary hover:text-primary data-[state=open]:border-primary';

function LinksMenu({
  label,
  items,
}: {
  label: string;
  items: { to: string; name: string; image: string }[];
}) {
  const { dir } = useLang();
  return (
    <DropdownMenu.Root dir={dir} modal={false}>
      <DropdownMenu.Trigger className={chipClass}>
        {label}
        <Icon name="chevronDown" className="size-4" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="z-40 max-h-80 min-w-56 overflow-y-auto rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          {items.map((item) => (
            <DropdownMenu.Item key={item.to} asChild>
              <ShopLink
                to={item.to}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface"
              >
                <img
                  src={item.image}
                  alt=""
                  width={28}
                  height={28}
                  className="size-7 rounded object-contain"
                />
                {item.name}
              </ShopLink>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/**
 * Spec §2 home shortcuts: browse categories, device types (up to 10 categories), companies (up
 * to 10), best sellers, recently arrived and offers. The plain ones scroll to their section.
 */
export function ShortcutsBar({
  categories,
  companies,
  hasNew,
}: {
  categories: Category[];
  companies: Company[];
  hasNew: boolean;
}) {
  const { t } = useTranslation('catalog');
  const anchor = (id: string, label: string) => (
    <a href={`#${id}`} className={chipClass}>
      {label}
    </a>
  );
  return (
    <nav aria-label={t('home.shortcuts')} className="-mx-4 overflow-x-auto px-4 scrollbar-none">
      <div className="flex w-max gap-2 py-1">
        {anchor(homeSections.categories, t('home.browseCategories'))}
        <LinksMenu
          label={t('home.deviceTypes')}
          items={categories.slice(0, 10).map((c) => ({
            to: `/products/category/${c.categoryId}`,
            name: c.categoryName,
            image: c.categoryImage,
          }))}
        />
        <LinksMenu
          label={t('home.companies')}
          items={companies.slice(0, 10).map((c) => ({
            to: `/products/company/${c.companyId}`,
            name: c.companyName,
            image: c.companyImage,
          }))}
        />
        {anchor(homeSections.featured, t('home.bestSeller'))}
        {hasNew && anchor(homeSections.newProducts, t('home.recentlyArrived'))}
        {anchor(homeSections.offers, t('home.offers'))}
      </div>
    </nav>
  );
}
