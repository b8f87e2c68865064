import type { Lang } from '@shop/contract/constants';
import type { ResourceLanguage } from 'i18next';
import { isDashboardPath, pageCarriesNamespace } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

const elementId = 'shop-translations';
/**
 * The translations never change while the server runs: serialized once per language and side
 * (the shop's pages or the back office's).
 */
const serialized = new Map<string, string>();

/**
 * The page language's translations, in the HTML as JSON (not executed, so the CSP does not
 * apply), so the browser can hydrate without fetching /locales/… first. The same text is
 * rendered on the server and in the browser, from the i18next instance each side holds.
 */
export function TranslationsScript({ lang, pathname }: { lang: Lang; pathname: string }) {
  const { i18n } = useTranslation();
  const key = `${lang} ${isDashboardPath(pathname) ? 'dashboard' : 'shop'}`;
  let json = serialized.get(key);
  if (json === undefined) {
    const all = i18n.getDataByLanguage(lang) ?? {};
    const carried = Object.fromEntries(
      Object.entries(all).filter(([ns]) => pageCarriesNamespace(ns, pathname)),
    );
    // `<` escaped so no text can close the script element.
    json = JSON.stringify(carried).replace(/</g, '\\u003c');
    serialized.set(key, json);
  }
  return (
    <script
      id={elementId}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}

/** In the browser, before hydration: the translations the server put in the page. */
export function readInlineTranslations(): ResourceLanguage {
  const text = document.getElementById(elementId)?.textContent;
  if (!text) throw new Error('the page carries no translations');
  return JSON.parse(text) as ResourceLanguage;
}
