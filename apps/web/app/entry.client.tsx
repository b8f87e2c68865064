import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { HydratedRouter } from 'react-router/dom';
import { createI18n } from './lib/i18n.ts';
import { readInlineTranslations } from './lib/i18n-inline.tsx';
import { detectLanguage } from './lib/lang.ts';

async function hydrate() {
  // The server already chose the page language; the detection order still applies.
  const lang = detectLanguage({
    pathname: window.location.pathname,
    cookie: null,
    htmlLang: document.documentElement.lang,
  });
  const i18n = await createI18n(lang, { [lang]: readInlineTranslations() });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          {/*
            Router updates are rendered as they come, not as React transitions. A form's answer
            and the page read again after it are two updates a moment apart; as transitions, a
            slow device may render only the second, so a button the answer removes (an order
            marked delivered) is gone before its toast could be shown.
          */}
          <HydratedRouter useTransitions={false} />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
