import { okMessage, type StoreMessages } from '@shop/contract';
import { checkOptOutLink, optOut, saveShopperChoices } from '../../../use-cases/messages/manage.ts';
import { shopperMessagePreferences } from '../../../views/messages.ts';
import { pageAction } from '../page-calls.ts';
import type { StorePageContext } from '../store-data.ts';

/** The shopper's message channels and the opt-out page: the same view and use cases as the API's calls. */
export function messagePages({ app, lang, shopperId, act }: StorePageContext): StoreMessages {
  const shop = app.shop;
  return {
    messagePreferences: async () => {
      const id = await shopperId();
      return id ? shopperMessagePreferences(shop.db, id) : null;
    },
    saveMessagePreferences: (update) =>
      act(async (shopper) => {
        await saveShopperChoices(shop, shopper.id, update.choices);
        return okMessage('MESSAGE_PREFERENCES_SAVED', lang);
      }),
    optOutLink: async (query) => {
      const link = await checkOptOutLink(shop, query);
      return link && { kind: link.kind, channel: link.channel };
    },
    optOut: (query) =>
      pageAction(lang, async () => ({
        ...okMessage('MESSAGE_OPTED_OUT', lang),
        ...(await optOut(shop, query)),
      })),
  };
}
