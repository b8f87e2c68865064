import type { StoreContent } from '@shop/contract';
import { infoPage, storeAgents, storeSettings, storeSliders } from '../../../views/store/content.ts';
import type { StorePageContext } from '../store-data.ts';

/**
 * The settings and content pages: the views the API's content routes answer, kept in the read
 * cache (every visitor's pages read them) until the change bus names their topic.
 */
export function contentPages({ app, lang }: StorePageContext): StoreContent {
  const cache = app.readCache;
  const shop = app.shop;
  return {
    settings: () =>
      cache.get('settings', `settings:${lang}`, () => storeSettings(shop, app.paymentKeys, lang)),
    sliders: () => cache.get('content', `sliders:${lang}`, () => storeSliders(shop.db, lang)),
    agents: () => cache.get('content', `agents:${lang}`, () => storeAgents(shop.db, lang)),
    infoPage: (kind) => cache.get('content', `info-${kind}:${lang}`, () => infoPage(shop.db, kind, lang)),
  };
}
