import type { Category, Company } from '@shop/contract';
import type { CSSProperties } from 'react';
import { useTranslation } from '../../../lib/use-translation.ts';
import { Icon } from '../../../components/ui/icon.tsx';
import { ShopLink } from '../../../components/ui/shop-link.tsx';
import { homeSections } from '../home-sections.ts';

const chipClass =
  'inline-flex h-10 shrink-0 items-center gap-2 rounded-full border border-line bg-white px-4 text-sm font-medium whitespace-nowrap hover:border-primary hover:text-primary';

interface MenuLink {
  to: string;
  name: string;
  image: string;
}

/**
 * A shortcut's list of links with images: a native popover under its button (app.css,
 * `.anchored-popover`), which the browser opens, closes on Escape or an outside click and keeps
 * above the page, hydrated or not (decision 054).
 */
function ShortcutMenu({ id, label, items }: { id: string; label: string; items: MenuLink[] }) {
  const anchor = `--${id}`;
  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        style={{ anchorName: anchor } as CSSProperties}
        className={`${chipClass} [&:has(+:popover-open)]:border-primary`}
      >
        {label}
        <Icon name="chevronDown" className="size-4" />
      </button>
      <div
        id={id}
        popover="auto"
        style={{ positionAnchor: anchor } as CSSProperties}
        className="anchored-popover max-h-80 min-w-56 overflow-y-auto rounded-xl border border-line bg-white p-1 text-ink shadow-lg"
      >
        <ul aria-label={label}>
          {items.map((item) => (
            <li key={item.to}>
              <ShopLink
                to={item.to}
                // Hydrated, the link does not replace the page: the list closes itself.
                onClick={(event) => event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover()}
                className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm hover:bg-surface focus-visible:bg-surface"
              >
                <img
                  src={item.image}
                  alt=""
                  width={28}
                  height={28}
                  loading="lazy"
                  className="size-7 rounded object-contain"
                />
                {item.name}
              </ShopLink>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

/**
 * The home shortcuts: browse categories, device types (up to 10 categories), companies (up
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
          id="shortcut-device-types"
          label={t('home.deviceTypes')}
          items={categories.slice(0, 10).map((c) => ({
            to: `/products/category/${c.categoryId}`,
            name: c.categoryName,
            image: c.categoryImage,
          }))}
        />
        <ShortcutMenu
          id="shortcut-companies"
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
