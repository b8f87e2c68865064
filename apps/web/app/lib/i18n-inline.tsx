import type { Lang } from '@shop/contract/constants';
import type { ResourceLanguage } from 'i18next';
import { useTranslation } from './use-translation.ts';

const elementId = 'shop-translations';
/** The translations never change while the server runs: serialized once per language. */
const serialized = new Map<Lang, string>();

/**
 * The page language's translations, in the HTML as JSON (not executed, so the CSP does not
 * apply), so the browser can hydrate without fetching /locales/… first. The same text is
 * rendered on the server and in the browser, from the i18next instance each side holds.
 */
export function TranslationsScript({ lang }: { lang: Lang }) {
  const { i18n } = useTranslation();
  let json = serialized.get(lang);
  if (json === undefined) {
    // `<` escaped so no text can close the script element.
    json = JSON.stringify(i18n.getDataByLanguage(lang) ?? {}).replace(/</g, '\\u003c');
    serialized.set(lang, json);
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
