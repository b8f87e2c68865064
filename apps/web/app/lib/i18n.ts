import { defaultLang, type Lang } from '@shop/contract/constants';
import i18next, { type i18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * The translation namespaces, one JSON file each under public/locales/{ar,en}/ (served at
 * /locales/{lng}/{ns}.json). Add a namespace here when you add its two files; a unit test
 * checks this list against the folders and the keys of both languages against each other.
 */
export const namespaces = [
  'common',
  'catalog',
  'forms',
  'account',
  'cart',
  'checkout',
  // The back office's (any name starting with `dashboard`): only its pages carry them.
  'dashboard',
  'dashboard-orders',
  'dashboard-refunds',
  'dashboard-einvoices',
  'dashboard-insights',
  'dashboard-catalog',
  'dashboard-content',
  'dashboard-discounts',
  'dashboard-reviews',
] as const;
export type Namespace = (typeof namespaces)[number];

/** The namespaces both the shop and the back office use (error pages, dialogs, fields). */
const sharedNamespaces: readonly string[] = ['common', 'forms'];

/** True for the back office's pages: `/dashboard…` and `/en/dashboard…`. */
export function isDashboardPath(pathname: string): boolean {
  return /^\/(?:en\/)?dashboard(?:\/|$)/.test(pathname);
}

/**
 * Whether a page carries a namespace's text: the back office's namespaces only on its pages,
 * the shop's only on the shop's, so a shopper downloads none of the back office's words and
 * a back-office page none of the catalog's.
 */
export function pageCarriesNamespace(ns: string, pathname: string): boolean {
  if (sharedNamespaces.includes(ns)) return true;
  return ns.startsWith('dashboard') === isDashboardPath(pathname);
}

/** A fresh i18next instance for one language (one per language on the server: i18n.server.ts). */
export async function createI18n(lang: Lang, resources: Resource): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: lang,
    fallbackLng: defaultLang,
    supportedLngs: ['ar', 'en'],
    ns: [...namespaces],
    defaultNS: 'common',
    resources,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    initAsync: false,
  });
  return instance;
}
