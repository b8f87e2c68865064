import { ownerOnlyPages } from '@shop/contract/constants';
import type { StaffRole } from '@shop/contract';

/** One entry of the back office's side navigation. */
export interface DashboardNavItem {
  /** Its name: a key of the `dashboard` namespace. */
  key: string;
  /** The Arabic path; links put it in the page language. */
  path: string;
  /** Only owners see the entry, and the page answers 403 to anyone else (`ownerOnlyPages`). */
  ownerOnly: boolean;
}

/**
 * Every page of the back office's navigation, in the order shown. A page that is not here yet
 * answers the not-found page inside the back office until its area lands.
 */
export const dashboardNav: readonly DashboardNavItem[] = (
  [
    { key: 'nav.overview', path: '/dashboard' },
    { key: 'nav.orders', path: '/dashboard/orders' },
    { key: 'nav.returns', path: '/dashboard/returns' },
    { key: 'nav.reviews', path: '/dashboard/reviews' },
    { key: 'nav.einvoices', path: '/dashboard/einvoices' },
    { key: 'nav.customers', path: '/dashboard/customers' },
    { key: 'nav.products', path: '/dashboard/products' },
    { key: 'nav.categories', path: '/dashboard/categories' },
    { key: 'nav.brands', path: '/dashboard/brands' },
    { key: 'nav.searchSynonyms', path: '/dashboard/search-synonyms' },
    { key: 'nav.discountCodes', path: '/dashboard/discount-codes' },
    { key: 'nav.import', path: '/dashboard/import' },
    { key: 'nav.content', path: '/dashboard/content' },
    { key: 'nav.messages', path: '/dashboard/messages' },
    { key: 'nav.settings', path: '/dashboard/settings' },
    { key: 'nav.staff', path: '/dashboard/staff' },
    { key: 'nav.audit', path: '/dashboard/audit' },
    { key: 'nav.account', path: '/dashboard/account' },
  ] as const
).map((item) => ({ ...item, ownerOnly: ownerOnlyPages.includes(item.path) }));

/** The entries a member of this role sees. */
export function navFor(role: StaffRole): DashboardNavItem[] {
  return dashboardNav.filter((item) => !item.ownerOnly || role === 'owner');
}

/** True when `path` (Arabic, no query) is an owner-only page or inside one. */
export function isOwnerOnlyPath(path: string): boolean {
  return ownerOnlyPages.some((page) => path === page || path.startsWith(`${page}/`));
}
