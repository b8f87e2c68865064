import type { Category, Company } from '@shop/contract';
import { lazy } from 'react';
import { Deferred } from '../../../components/ui/deferred.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { homeSections } from '../home-sections.ts';

export const chipClass =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium whitespace-nowrap hover:border-primary hover:text-primary data-[state=open]:border-primary';

export interface MenuLink {
  to: string;
  name: string;
  image: string;
}

// The menus (Radix, positioning) come with the first click, not with the home page (decision 033).
const loadLinksMenu = () => import('./links-menu.tsx');
const LinksMenu = lazy(() => loadLinksMenu().then((m) => ({ default: m.LinksMenu })));

function ShortcutMenu({ label, items }: { label: string; items: MenuLink[] }) {
  return (
    <Deferred
      preload={loadLinksMenu}
      button={(handlers) => (
        <button type="button" aria-haspopup="menu" aria-expanded={false} className={chipClass} {...handlers}>
          {label}
          <Icon name="chevronDown" className="size-4" />
        </button>
      )}
    >
      <LinksMenu label={label} items={items} />
    </Deferred>
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
        <ShortcutMenu
          label={t('home.deviceTypes')}
          items={categories.slice(0, 10).map((c) => ({
            to: `/products/category/${c.categoryId}`,
            name: c.categoryName,
            image: c.categoryImage,
          }))}
        />
        <ShortcutMenu
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
