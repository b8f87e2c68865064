import { okMessage, type BackOfficeMessages } from '@shop/contract';
import { editTemplate, previewTemplate, restoreTemplate } from '../../../use-cases/messages/manage.ts';
import { messageTemplates } from '../../../views/messages.ts';
import type { BackOfficePageContext } from '../back-office-data.ts';

/** The message templates page: the same view and use cases as the API's template calls. */
export function messagePages({ app, lang, read, act }: BackOfficePageContext): BackOfficeMessages {
  const shop = app.shop;
  return {
    templates: () => read({}, async () => (await messageTemplates(shop.db)).templates),
    preview: (edit) => act({}, async () => previewTemplate(shop, edit)),
    saveTemplate: (edit) =>
      act({ role: 'owner' }, async (by) => {
        await editTemplate(shop, by, edit);
        return { ...okMessage('MESSAGE_TEMPLATE_SAVED', lang), preview: previewTemplate(shop, edit) };
      }),
    resetTemplate: (key) =>
      act({ role: 'owner' }, async (by) => {
        await restoreTemplate(shop, by, key);
        return okMessage('MESSAGE_TEMPLATE_RESET', lang);
      }),
  };
}
