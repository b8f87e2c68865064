import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { Namespace } from './i18n.ts';

const translators = new WeakMap<I18n, Map<string, TFunction>>();

/**
 * `t` for one namespace, like react-i18next's `useTranslation`, without its per-component
 * copy of the i18next instance, which took about a tenth of the server's time under load on the home
 * page (docs/decisions/033-storefront-speed.md). A page's language never changes in place (the
 * language toggle loads the other language's page), so one `t` per instance and namespace
 * serves every component.
 */
export function useTranslation(ns: Namespace = 'common'): { t: TFunction; i18n: I18n } {
  const { i18n } = useContext(I18nContext);
  let byNamespace = translators.get(i18n);
  if (!byNamespace) {
    byNamespace = new Map();
    translators.set(i18n, byNamespace);
  }
  let t = byNamespace.get(ns);
  if (!t) {
    t = i18n.getFixedT(i18n.language, ns) as TFunction;
    byNamespace.set(ns, t);
  }
  return { t, i18n };
}
