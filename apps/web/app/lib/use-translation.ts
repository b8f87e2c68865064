import type { i18n as I18n, TFunction } from 'i18next';
import { useContext } from 'react';
import { I18nContext } from 'react-i18next';
import type { Namespace } from './i18n.ts';

const translators = new WeakMap<I18n, Map<string, TFunction>>();

/** Past this many remembered texts a namespace starts again (prices and names vary without end). */
const MAX_REMEMBERED = 5_000;

/**
 * True when every option is a string, number or boolean: the text then depends on the key and
 * these values alone, and they make its cache key. Anything else (objects, `returnObjects`,
 * a function) is translated each time.
 */
function plainOptions(options: Record<string, unknown>): boolean {
  for (const name in options) {
    const type = typeof options[name];
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return false;
  }
  return true;
}

/**
 * `t` that remembers its answers. A page asks for the same texts hundreds of times (every
 * product card's labels, every price's currency); i18next resolves each call anew (key lookup
 * through the fallback languages, nesting, interpolation), which was a tenth of the server's
 * time rendering a page. An instance's language and texts never change in place, and if texts
 * are ever added to it, what was remembered is forgotten.
 */
export function rememberingT(i18n: I18n, t: TFunction): TFunction {
  const call = t as unknown as (...args: unknown[]) => unknown;
  const remembered = new Map<string, string>();
  i18n.store?.on('added', () => remembered.clear());
  const translate = (key: unknown, options?: unknown, ...rest: unknown[]) => {
    const simple =
      typeof key === 'string' &&
      rest.length === 0 &&
      (options === undefined ||
        (typeof options === 'object' &&
          options !== null &&
          plainOptions(options as Record<string, unknown>)));
    if (!simple) return call(key, options, ...rest);
    const cacheKey = options === undefined ? key : `${key}\u0000${JSON.stringify(options)}`;
    let text = remembered.get(cacheKey);
    if (text === undefined) {
      const answer = call(key, options);
      if (typeof answer !== 'string') return answer;
      text = answer;
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      remembered.set(cacheKey, text);
    }
    return text;
  };
  return Object.assign(translate, { $TFunctionBrand: t.$TFunctionBrand }) as unknown as TFunction;
}

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
    t = rememberingT(i18n, i18n.getFixedT(i18n.language, ns) as TFunction);
    byNamespace.set(ns, t);
  }
  return { t, i18n };
}
