import './lib/zod-jitless.ts';
import type { Resource } from 'i18next';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createI18n, localeUrl, namespaces } from './lib/i18n.ts';
import { detectLanguage } from './lib/lang.ts';

async function loadResources(lang: 'ar' | 'en'): Promise<Resource> {
  const entries = await Promise.all(
    namespaces.map(async (ns) => {
      const response = await fetch(localeUrl(lang, ns));
      if (!response.ok) throw new Error(`translations ${lang}/${ns}: ${response.status}`);
      return [ns, (await response.json()) as Record<string, unknown>] as const;
    }),
  );
  return { [lang]: Object.fromEntries(entries) };
}

async function hydrate() {
  // The server already chose the page language; the detection order still applies.
  const lang = detectLanguage({
    pathname: window.location.pathname,
    cookie: null,
    htmlLang: document.documentElement.lang,
  });
  const i18n = await createI18n(lang, await loadResources(lang));
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
